import { targets, type ViewerFacts } from './experience.targeting';

const now = new Date('2026-11-27T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 3600_000);
const viewer = (over: Partial<ViewerFacts> = {}): ViewerFacts => ({ viewerType: 'AUTH', country: 'SE', registeredAt: daysAgo(10), groupOf: () => 'control', ...over });

describe('experience targeting', () => {
  it.each([
    ['no targeting', {}, viewer(), true],
    ['viewer type listed', { viewer_types: ['AUTH', 'PARTNER'] as const }, viewer(), true],
    ['viewer type not listed', { viewer_types: ['PARTNER'] as const }, viewer(), false],
    ['a visitor where only members are targeted', { viewer_types: ['AUTH'] as const }, viewer({ viewerType: 'UNAUTH' }), false],
    ['in an allowed group', { experiment_groups: { web_extension_upsell: ['enabled'] } }, viewer({ groupOf: () => 'enabled' }), true],
    ['in control where enabled is asked', { experiment_groups: { web_extension_upsell: ['enabled'] } }, viewer(), false],
    ['country listed', { countries: ['SE', 'NO'] }, viewer(), true],
    ['country not listed', { countries: ['NO'] }, viewer(), false],
    ['country unknown', { countries: ['SE'] }, viewer({ country: null }), false],
    ['account young enough', { account_age_days_max: 30 }, viewer(), true],
    ['account too old', { account_age_days_max: 7 }, viewer(), false],
    ['account old enough', { account_age_days_min: 10 }, viewer(), true],
    ['account too young', { account_age_days_min: 11 }, viewer(), false],
    ['account age unknown', { account_age_days_min: 0 }, viewer({ registeredAt: null }), false],
    ['every condition must hold', { countries: ['SE'], account_age_days_max: 5 }, viewer(), false],
  ])('%s', (_name, targeting, facts, expected) => {
    expect(targets(targeting as never, facts, now)).toBe(expected);
  });
});
