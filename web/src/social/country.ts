/**
 * The country the providers are offered for (`GET /v3/auth/providers/?country=`), from the
 * browser's language tag: its region subtag when that is a country ('ja-JP' → 'JP', 'en-US' →
 * 'US'). A tag without a region ('ja'), with a numeric area ('es-419') or that is not a tag at
 * all names no country: then nothing is sent, and LINE (JP only) is not offered.
 */
export function countryFromLocale(locale: string | null | undefined): string | undefined {
  if (!locale) return undefined;
  let region: string | undefined;
  try {
    // Some systems spell tags with an underscore (en_US): BCP 47 has hyphens.
    region = new Intl.Locale(locale.trim().replace(/_/g, '-')).region;
  } catch {
    return undefined;
  }
  return region && /^[A-Z]{2}$/.test(region) ? region : undefined;
}

/** The browser's own country, as above; none outside a browser. */
export function browserCountry(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : countryFromLocale(navigator.language);
}
