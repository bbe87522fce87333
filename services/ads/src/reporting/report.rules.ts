import { countryDefaults } from '@pinhive/contracts';
import type { AdvertiserProfileDoc } from '../promotions/profile.model';

/**
 * The currency an advertiser's spend added up across its campaigns is in: the one its campaigns
 * were promoted in, or null when they were promoted in more than one (its country changed between
 * them) or none, as a sum of SEK and USD means nothing. A profile from before campaigns noted their
 * currency counts in its country's, as quick-promote chose it.
 */
export function spendCurrency(profile: Pick<AdvertiserProfileDoc, 'currencies' | 'business'> | null): string | null {
  const currencies = profile?.currencies ?? (profile?.business ? [countryDefaults(profile.business.country).currency] : []);
  return currencies.length === 1 ? currencies[0]! : null;
}
