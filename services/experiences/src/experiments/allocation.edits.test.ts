import { emptyAllocations, NAMED_PEOPLE_MAX } from '@pinhive/kit';
import { assignPerson, setShare, unassignPerson } from './allocation.edits';

const none = emptyAllocations();

describe('experiments set NAME GROUP PERCENT', () => {
  it("sets one group's share and keeps the others'", () => {
    const once = setShare(none, 'web_search_shopping_filters', 'enabled', '10');
    const twice = setShare(once, 'web_search_shopping_filters', 'rollout', '2.5');
    expect(twice.web_search_shopping_filters.shares).toEqual({ enabled: 10, rollout: 2.5 });
    expect(none.web_search_shopping_filters.shares).toEqual({});
    expect(setShare(twice, 'web_search_shopping_filters', 'enabled', '0').web_search_shopping_filters.shares).toEqual({ rollout: 2.5 });
  });

  it.each([
    [['nope', 'enabled', '10'], 'unknown experiment "nope" (known: kr_privacy_consent,'],
    [['kr_privacy_consent', 'rollout', '10'], '"rollout" is not a group of kr_privacy_consent (its groups: control, enabled)'],
    [['kr_privacy_consent', 'control', '10'], 'control is everyone in no other group of kr_privacy_consent'],
    [['kr_privacy_consent', 'enabled', '101'], 'the share must be 0 to 100'],
    [['kr_privacy_consent', 'enabled', '-1'], 'the share must be 0 to 100'],
    [['kr_privacy_consent', 'enabled', 'half'], 'the share must be 0 to 100'],
  ])('refuses %j', (args, message) => {
    const [name, group, percent] = args as [string, string, string];
    expect(() => setShare(none, name, group, percent)).toThrow(message);
  });

  it('refuses shares that add up to more than 100 %, naming them', () => {
    const sixty = setShare(none, 'web_search_shopping_filters', 'enabled', '60');
    expect(() => setShare(sixty, 'web_search_shopping_filters', 'rollout', '50')).toThrow('web_search_shopping_filters: the shares add up to more than 100 % (enabled 60 % + rollout 50 % = 110 %); lower another group first');
    expect(setShare(sixty, 'web_search_shopping_filters', 'rollout', '40').web_search_shopping_filters.shares).toEqual({ enabled: 60, rollout: 40 });
  });
});

describe('experiments assign / unassign', () => {
  it('names a person into one group at a time, and out again', () => {
    const staff = assignPerson(none, 'web_pin_builder_video', 'employees', 'user-1');
    expect(staff.web_pin_builder_video.members).toEqual({ employees: ['user-1'] });
    const moved = assignPerson(staff, 'web_pin_builder_video', 'control', 'user-1');
    expect(moved.web_pin_builder_video.members).toEqual({ control: ['user-1'] });
    expect(unassignPerson(moved, 'web_pin_builder_video', 'user-1').web_pin_builder_video.members).toEqual({});
    expect(() => unassignPerson(none, 'web_pin_builder_video', 'user-1')).toThrow('user-1 is not named in web_pin_builder_video');
  });

  it('refuses a group the experiment lacks, a malformed id and a list past its maximum', () => {
    expect(() => assignPerson(none, 'kr_privacy_consent', 'employees', 'user-1')).toThrow('"employees" is not a group of kr_privacy_consent');
    expect(() => assignPerson(none, 'web_pin_builder_video', 'employees', 'ada@example.com')).toThrow('is not a user id');
    let full = none;
    for (let i = 0; i < NAMED_PEOPLE_MAX; i++) full = assignPerson(full, 'web_pin_builder_video', 'employees', `user-${i}`);
    expect(() => assignPerson(full, 'web_pin_builder_video', 'employees', 'one-more')).toThrow(`names ${NAMED_PEOPLE_MAX} people already`);
  });
});
