import { AllocationTable } from '@pinhive/kit';
import { DEFAULT_ALLOCATIONS, parseAllocations } from './assignment';

describe('starting allocations (EXPERIMENT_ALLOCATIONS)', () => {
  it('keeps everyone in control by default (the consent step is off until enabled)', () => {
    const table = new AllocationTable(DEFAULT_ALLOCATIONS);
    for (let i = 0; i < 200; i++) expect(table.groupOf('kr_privacy_consent', `visitor-${i}`)).toBe('control');
  });

  it('reads shares over the defaults', () => {
    const parsed = parseAllocations('kr_privacy_consent=enabled:50; web_search_shopping_filters=enabled:10,rollout:5');
    expect(parsed.kr_privacy_consent).toEqual({ shares: { enabled: 50 }, members: {} });
    expect(parsed.web_search_shopping_filters).toEqual({ shares: { enabled: 10, rollout: 5 }, members: {} });
    expect(parsed.web_google_disabled).toEqual({ shares: {}, members: {} });
  });

  it.each([
    ['nope=enabled:10', 'unknown experiment "nope" (known: kr_privacy_consent, web_google_disabled'],
    ['kr_privacy_consent=blue:10', '"blue" is not a group of kr_privacy_consent to allocate'],
    ['kr_privacy_consent=control:10', '"control" is not a group of kr_privacy_consent to allocate'],
    ['kr_privacy_consent=enabled:120', 'kr_privacy_consent=enabled:120: the share must be 0 to 100'],
    ['kr_privacy_consent=enabled:x', 'kr_privacy_consent=enabled:x: the share must be 0 to 100'],
    ['web_search_shopping_filters=enabled:60,rollout:50', 'web_search_shopping_filters: the shares add up to more than 100 % (enabled 60 % + rollout 50 % = 110 %)'],
  ])('refuses the allocation %s', (text, message) => {
    expect(() => parseAllocations(text)).toThrow(message);
  });
});
