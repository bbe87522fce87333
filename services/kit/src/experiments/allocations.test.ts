import { AllocationTable, bucketOf, emptyAllocations, normalise, parseOverrides, type Allocations } from './allocations';

const withShares = (shares: Allocations['web_search_shopping_filters']['shares'], members: Allocations['web_search_shopping_filters']['members'] = {}) =>
  new AllocationTable({ ...emptyAllocations(), web_search_shopping_filters: { shares, members } });

describe("a viewer's group", () => {
  it('is control for everyone with no shares, and for nobody known', () => {
    const table = new AllocationTable(emptyAllocations());
    for (let i = 0; i < 100; i++) expect(table.groupOf('web_pin_creation_disabled_all', `user-${i}`)).toBe('control');
    expect(withShares({ enabled: 100 }).groupOf('web_search_shopping_filters', undefined)).toBe('control');
  });

  it('puts about each share in its group, the same viewer always in the same one', () => {
    const table = withShares({ enabled: 30, rollout: 20 });
    const groups = Array.from({ length: 5000 }, (_, i) => table.groupOf('web_search_shopping_filters', `visitor-${i}`));
    const share = (g: string) => groups.filter((x) => x === g).length / groups.length;
    expect(share('enabled')).toBeGreaterThan(0.27);
    expect(share('enabled')).toBeLessThan(0.33);
    expect(share('rollout')).toBeGreaterThan(0.17);
    expect(share('rollout')).toBeLessThan(0.23);
    expect(table.groupOf('web_search_shopping_filters', 'visitor-7')).toBe(groups[7]);
  });

  it('keeps the hash every earlier build used (a viewer never flips group on an upgrade)', () => {
    // sha256("kr_privacy_consent:visitor-1"), first four bytes big-endian, mod 10000.
    expect(bucketOf('kr_privacy_consent', 'visitor-1')).toBe(8461);
    expect(bucketOf('web_pin_creation_disabled_all', 'user-42')).toBe(2197);
    // 2197 is below 22 % and not below 21.97 %.
    expect(new AllocationTable({ ...emptyAllocations(), web_pin_creation_disabled_all: { shares: { enabled: 22 }, members: {} } }).groupOf('web_pin_creation_disabled_all', 'user-42')).toBe('enabled');
    expect(new AllocationTable({ ...emptyAllocations(), web_pin_creation_disabled_all: { shares: { enabled: 21.97 }, members: {} } }).groupOf('web_pin_creation_disabled_all', 'user-42')).toBe('control');
  });

  it('puts named people in their group whatever the shares, and honours forced groups', () => {
    const table = withShares({ enabled: 100 }, { employees: ['staff-1'], control: ['kept-out'] });
    expect(table.groupOf('web_search_shopping_filters', 'staff-1')).toBe('employees');
    expect(table.groupOf('web_search_shopping_filters', 'kept-out')).toBe('control');
    expect(table.groupOf('web_search_shopping_filters', 'anyone')).toBe('enabled');
    expect(table.groupOf('web_search_shopping_filters', 'anyone', { web_search_shopping_filters: 'rollout' })).toBe('rollout');
  });
});

describe('normalise', () => {
  it('drops experiments and groups this build does not know, and keeps the base for the ones missing', () => {
    const base = { ...emptyAllocations(), kr_privacy_consent: { shares: { enabled: 5 }, members: {} } };
    const out = normalise({ gone_experiment: { shares: { enabled: 50 }, members: {} }, web_google_disabled: { shares: { enabled: 20, purple: 10, control: 5 }, members: { purple: ['x'] } } }, base);
    expect(out.web_google_disabled).toEqual({ shares: { enabled: 20 }, members: {} });
    expect(out.kr_privacy_consent).toEqual({ shares: { enabled: 5 }, members: {} });
    expect(Object.keys(out)).not.toContain('gone_experiment');
  });
});

describe('parseOverrides', () => {
  it('reads forced groups from the override cookie, ignoring what it does not know', () => {
    expect(parseOverrides('kr_privacy_consent:enabled')).toEqual({ kr_privacy_consent: 'enabled' });
    expect(parseOverrides('kr_privacy_consent:purple,other:enabled')).toEqual({});
    expect(parseOverrides(undefined)).toEqual({});
  });
});
