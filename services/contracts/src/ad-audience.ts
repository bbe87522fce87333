import { ageOn } from './rules/signup';
import { AGE_BUCKETS, INTERESTS, type AgeBucket, type Gender, type Interest } from './quick-promote';
import { foldForSearch } from './saving';

/*
 * The facts ads targets a viewer by (issue 25), derived from what Pinhive records: the age group
 * from the account's birthday, the gender a sign-up provider shared, interests from the words of
 * the pins a person saves. Pure rules, shared by auth (what it records) and ads (what it serves).
 * docs/decisions/ad-serving.md "Who is shown what".
 */

/** A gender Pinhive can know; everyone else is GENDERS' 'unknown' to a campaign. */
export const KNOWN_GENDERS = ['female', 'male'] as const satisfies readonly Gender[];
export type KnownGender = (typeof KNOWN_GENDERS)[number];

/**
 * A provider's gender as Pinhive records it: the Facebook-kind profile and OpenID Connect's
 * `gender` claim say 'female' or 'male', or a custom text; anything else is not known.
 */
export function genderOf(said: string | null | undefined): KnownGender | null {
  const g = said?.trim().toLowerCase();
  return g === 'female' || g === 'male' ? g : null;
}

/** The lowest age of each bucket, in AGE_BUCKETS' order: an age is in the last bucket it reaches. */
const BUCKET_FLOOR: Record<AgeBucket, number> = { '18-24': 18, '25-34': 25, '35-44': 35, '45-49': 45, '50-54': 50, '55-64': 55, '65+': 65 };

/**
 * The age group of someone born on `birthday` (YYYY-MM-DD, a UTC day as auth stores it) at `now`,
 * by the sign-up's own age rule (`ageOn`: a year older on the birthday itself). Computed when
 * serving, not stored: people age. Null when unknown, unreadable, or under the youngest bucket.
 */
export function ageBucketOf(birthday: string | null | undefined, now: Date): AgeBucket | null {
  if (!birthday || !/^\d{4}-\d{2}-\d{2}$/.test(birthday)) return null;
  const born = new Date(`${birthday}T00:00:00Z`);
  if (Number.isNaN(born.getTime())) return null;
  const age = ageOn(born, now);
  let bucket: AgeBucket | null = null;
  for (const b of AGE_BUCKETS) if (age >= BUCKET_FLOOR[b]) bucket = b;
  return bucket;
}

/**
 * The words that mark a saved pin as being about an interest (ours: the spec names interests, not
 * how they are found). Matched as whole words of the pin's title, description and board name,
 * accents and case folded as search folds them, a plural ending dropped ('s', 'es', 'ies' to
 * 'y'); so each word here is in its singular, unaccented.
 */
export const INTEREST_KEYWORDS: Record<Interest, readonly string[]> = {
  art: ['art', 'painting', 'drawing', 'sketch', 'illustration', 'watercolor', 'watercolour', 'sculpture', 'artwork', 'canvas', 'mural'],
  beauty: ['beauty', 'makeup', 'skincare', 'nail', 'hairstyle', 'lipstick', 'cosmetic', 'manicure', 'eyeshadow'],
  design: ['design', 'typography', 'logo', 'branding', 'graphic', 'poster', 'font', 'architecture'],
  diy: ['diy', 'craft', 'handmade', 'upcycle', 'upcycling', 'sewing', 'knitting', 'crochet', 'woodworking'],
  education: ['education', 'school', 'teacher', 'teaching', 'classroom', 'lesson', 'study', 'learning', 'homework'],
  fashion: ['fashion', 'outfit', 'dress', 'style', 'streetwear', 'shoe', 'sneaker', 'jacket', 'jewelry', 'jewellery', 'handbag'],
  food: ['food', 'recipe', 'dinner', 'lunch', 'breakfast', 'baking', 'cake', 'cookie', 'dessert', 'soup', 'salad', 'pasta', 'vegan', 'cooking', 'bread'],
  garden: ['garden', 'gardening', 'plant', 'flower', 'succulent', 'vegetable', 'greenhouse', 'houseplant', 'seedling'],
  health: ['health', 'fitness', 'workout', 'yoga', 'wellness', 'meditation', 'nutrition', 'exercise', 'pilates'],
  home: ['home', 'decor', 'interior', 'kitchen', 'bedroom', 'livingroom', 'bathroom', 'furniture', 'sofa', 'lamp', 'rug', 'shelf'],
  kids: ['kid', 'child', 'children', 'baby', 'toddler', 'nursery', 'parenting', 'toy', 'preschool'],
  photography: ['photography', 'photo', 'camera', 'portrait', 'lens', 'photographer', 'landscape'],
  quotes: ['quote', 'saying', 'motivation', 'motivational', 'inspirational', 'affirmation'],
  sport: ['sport', 'football', 'soccer', 'basketball', 'tennis', 'running', 'cycling', 'hiking', 'ski', 'skiing', 'golf', 'climbing'],
  technology: ['technology', 'tech', 'gadget', 'computer', 'laptop', 'smartphone', 'programming', 'coding', 'software', 'electronics'],
  travel: ['travel', 'trip', 'vacation', 'holiday', 'beach', 'island', 'destination', 'roadtrip', 'backpacking', 'itinerary'],
  weddings: ['wedding', 'bride', 'bridal', 'groom', 'engagement', 'bridesmaid', 'ceremony', 'honeymoon'],
};

/** Each keyword to its interest, for one look-up per word (a word may mark one interest only). */
const INTEREST_OF_WORD: ReadonlyMap<string, Interest> = new Map(
  INTERESTS.flatMap((interest) => INTEREST_KEYWORDS[interest].map((word) => [word, interest] as const)),
);

/**
 * A folded word as it stands, then without an English plural ending ('ies' to 'y', 's', 'es'):
 * the forms by which a word is matched (interests here, a search's words in ads' serving). Both
 * are kept, since a text cannot tell 'cookies' (cookie) from 'berries' (berry).
 */
export function wordForms(word: string): string[] {
  return [
    word,
    ...(word.endsWith('ies') ? [`${word.slice(0, -3)}y`] : []),
    ...(word.endsWith('s') ? [word.slice(0, -1)] : []),
    ...(word.endsWith('es') ? [word.slice(0, -2)] : []),
  ];
}

/** A text's words, accents and case folded as search folds them. */
export function foldedWords(text: string | null | undefined): string[] {
  return foldForSearch(text ?? '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** A word's interest, by the first of its forms that marks one. */
function interestOfWord(word: string): Interest | undefined {
  for (const form of wordForms(word)) {
    const interest = INTEREST_OF_WORD.get(form);
    if (interest) return interest;
  }
  return undefined;
}

/** The interests the words of these texts mark (a pin's title, description, board name), in INTERESTS' order. */
export function interestsIn(...texts: readonly (string | null | undefined)[]): Interest[] {
  const found = new Set<Interest>();
  for (const text of texts) {
    for (const word of foldedWords(text)) {
      const interest = interestOfWord(word);
      if (interest) found.add(interest);
    }
  }
  return INTERESTS.filter((i) => found.has(i));
}
