/**
 * "Did you mean …?" suggestion for mistyped email domains, run by the sign-up form on blur.
 * signup-login.md section 5 (typo suggestion) and section 9 (under 60 characters, distance 1 or 2,
 * about 45 domains). Pure: the web app and the services both import it.
 */

/** Longest email (exclusive) that gets a suggestion: the spec says "under 60 characters". */
const MAX_EMAIL_LENGTH = 60;
/** Largest edit distance that still counts as a typo; further away is probably a real domain. */
const MAX_DISTANCE = 2;

/**
 * Popular consumer email domains, most popular first. The order matters: when two domains are
 * equally close to the typed one, the earlier (more popular) one is suggested.
 */
export const POPULAR_EMAIL_DOMAINS: readonly string[] = Object.freeze([
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'live.com',
  'msn.com',
  'me.com',
  'mac.com',
  'googlemail.com',
  'ymail.com',
  'rocketmail.com',
  'protonmail.com',
  'proton.me',
  'mail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  't-online.de',
  'yahoo.co.uk',
  'yahoo.fr',
  'hotmail.co.uk',
  'hotmail.fr',
  'live.co.uk',
  'btinternet.com',
  'orange.fr',
  'free.fr',
  'wanadoo.fr',
  'laposte.net',
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'mail.ru',
  'yandex.ru',
  'qq.com',
  '163.com',
  'naver.com',
  'libero.it',
  'seznam.cz',
  'rediffmail.com',
  'zoho.com',
  'fastmail.com',
  'hey.com',
]);

/**
 * Edit distance between two strings: insertions, deletions, substitutions and swaps of two
 * adjacent characters each cost 1 (optimal string alignment, a restricted Damerau-Levenshtein).
 * Swaps count as one edit because they are the most common typing slip ("gmial", "hotmial"):
 * with plain Levenshtein a swap plus one more slip would be 3 and miss the distance-2 cut-off.
 * Restricted means a swapped pair is not edited again, so distance('ca', 'abc') is 3, not 2.
 * Compares code points, so an emoji or other astral character counts as one character.
 */
export function editDistance(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  // Three rolling rows (two back, previous, current) instead of the full matrix.
  let twoBack: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        best = Math.min(best, twoBack[j - 2]! + 1);
      }
      cur.push(best);
    }
    twoBack = prev;
    prev = cur;
  }
  return prev[t.length]!;
}

/**
 * Looser than EMAIL_FORMAT on purpose: "ada@gmail" has no dot yet is exactly the kind of slip the
 * hint exists for. One @, and neither side empty or containing whitespace.
 */
const LOCAL_AT_DOMAIN = /^([^\s@]+)@([^\s@]+)$/;

/**
 * The address the user probably meant, or null when there is nothing to suggest.
 * Only for emails under 60 characters shaped like local@domain. The domain is compared in lower
 * case; the local part is returned exactly as typed (some providers treat it as case-sensitive,
 * and it is the user's own text). Rules, in order:
 * - the domain is a popular one: null (distance 0 is never a suggestion);
 * - it starts with "gmail" and goes on differently ("gmail.co", "gmail.cmo", "gmail"): gmail.com;
 * - the nearest popular domain is 1 or 2 edits away: that domain, the more popular on a tie;
 * - otherwise null.
 */
export function suggestEmail(email: string): string | null {
  if (email.length >= MAX_EMAIL_LENGTH) return null;
  const match = LOCAL_AT_DOMAIN.exec(email);
  if (!match) return null;
  const local = match[1]!;
  const domain = match[2]!.toLowerCase();
  if (POPULAR_EMAIL_DOMAINS.includes(domain)) return null;
  // The spec's special case: anything after "gmail" that is not ".com" is a slip, however far.
  if (domain.startsWith('gmail')) return `${local}@gmail.com`;

  let nearest: string | null = null;
  let nearestDistance = MAX_DISTANCE + 1;
  for (const candidate of POPULAR_EMAIL_DOMAINS) {
    const distance = editDistance(domain, candidate);
    // Strictly closer only, so on a tie the earlier (more popular) domain stays.
    if (distance < nearestDistance) {
      nearest = candidate;
      nearestDistance = distance;
      if (distance === 1) break; // 0 was ruled out above, so nothing can beat 1.
    }
  }
  return nearest === null ? null : `${local}@${nearest}`;
}
