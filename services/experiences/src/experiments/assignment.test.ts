import { DEFAULT_ALLOCATIONS, groupOf, parseAllocations, parseOverrides } from './assignment';

describe('experiment groups', () => {
  it('keeps everyone in control by default (the consent step is off until enabled)', () => {
    for (let i = 0; i < 200; i++) expect(groupOf('kr_privacy_consent', `visitor-${i}`, DEFAULT_ALLOCATIONS)).toBe('control');
  });

  it('puts about the allocated share in the group, the same viewer always in the same one', () => {
    const half = parseAllocations('kr_privacy_consent=enabled:50');
    const groups = Array.from({ length: 4000 }, (_, i) => groupOf('kr_privacy_consent', `visitor-${i}`, half));
    const enabled = groups.filter((g) => g === 'enabled').length / groups.length;
    expect(enabled).toBeGreaterThan(0.45);
    expect(enabled).toBeLessThan(0.55);
    expect(groupOf('kr_privacy_consent', 'visitor-7', half)).toBe(groups[7]);
    const all = parseAllocations('kr_privacy_consent=enabled:100');
    expect(groupOf('kr_privacy_consent', 'anyone', all)).toBe('enabled');
  });

  it.each([
    ['nope=enabled:10', 'unknown experiment "nope" (known: kr_privacy_consent, web_google_disabled'],
    ['kr_privacy_consent=blue:10', '"blue" is not a group of kr_privacy_consent to allocate'],
    ['kr_privacy_consent=control:10', '"control" is not a group of kr_privacy_consent to allocate'],
    ['kr_privacy_consent=enabled:120', 'kr_privacy_consent=enabled:120: the share must be 0 to 100'],
    ['kr_privacy_consent=enabled:x', 'kr_privacy_consent=enabled:x: the share must be 0 to 100'],
  ])('refuses the allocation %s', (text, message) => {
    expect(() => parseAllocations(text)).toThrow(message);
  });

  it('reads forced groups from the override cookie, ignoring what it does not know', () => {
    expect(parseOverrides('kr_privacy_consent:enabled')).toEqual({ kr_privacy_consent: 'enabled' });
    expect(parseOverrides('kr_privacy_consent:purple,other:enabled')).toEqual({});
    expect(parseOverrides(undefined)).toEqual({});
  });
});
