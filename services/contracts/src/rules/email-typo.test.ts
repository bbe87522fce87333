import { editDistance, POPULAR_EMAIL_DOMAINS, suggestEmail } from './email-typo';

describe('POPULAR_EMAIL_DOMAINS', () => {
  it('holds about 45 distinct lower-case domains, gmail first', () => {
    expect(POPULAR_EMAIL_DOMAINS.length).toBeGreaterThanOrEqual(40);
    expect(POPULAR_EMAIL_DOMAINS.length).toBeLessThanOrEqual(50);
    expect(new Set(POPULAR_EMAIL_DOMAINS).size).toBe(POPULAR_EMAIL_DOMAINS.length);
    for (const domain of POPULAR_EMAIL_DOMAINS) expect(domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    expect(POPULAR_EMAIL_DOMAINS[0]).toBe('gmail.com');
  });

  it('cannot be changed at run time', () => {
    expect(() => (POPULAR_EMAIL_DOMAINS as string[]).push('evil.com')).toThrow();
  });
});

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['gmail.com', 'gmail.com', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['gmail.com', 'gmail.co', 1], // deletion
    ['gmail.co', 'gmail.com', 1], // insertion
    ['gnail.com', 'gmail.com', 1], // substitution
    ['kitten', 'sitting', 3],
  ])('%j to %j is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it('counts a swap of two adjacent characters as one edit', () => {
    expect(editDistance('gmial.com', 'gmail.com')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('hotmial.co', 'hotmail.com')).toBe(2);
  });

  it('does not edit a swapped pair again (restricted, not full Damerau)', () => {
    expect(editDistance('ca', 'abc')).toBe(3);
  });

  it('is case-sensitive and counts code points', () => {
    expect(editDistance('Gmail', 'gmail')).toBe(1);
    expect(editDistance('a😀b', 'ab')).toBe(1);
  });
});

describe('suggestEmail', () => {
  it.each([
    ['ada@gmial.com', 'ada@gmail.com'],
    ['ada@gnail.com', 'ada@gmail.com'],
    ['ada@yaho.com', 'ada@yahoo.com'],
    ['ada@hotmial.com', 'ada@hotmail.com'],
    ['ada@outlok.com', 'ada@outlook.com'],
    ['ada@icloud.co', 'ada@icloud.com'],
    ['ada@hotmail.co.k', 'ada@hotmail.co.uk'],
    ['ada@yhaoo.fr', 'ada@yahoo.fr'],
  ])('%s suggests %s', (typed, suggested) => {
    expect(suggestEmail(typed)).toBe(suggested);
  });

  it.each(['gmail.co', 'gmail.cmo', 'gmail.comm', 'gmail', 'gmail.com.', 'gmailcom', 'gmail.fr.uk.example'])(
    'any other suffix after "gmail" (%s) suggests gmail.com',
    (domain) => {
      expect(suggestEmail(`ada@${domain}`)).toBe('ada@gmail.com');
    },
  );

  it('says nothing for a popular domain, in any case', () => {
    expect(suggestEmail('ada@gmail.com')).toBeNull();
    expect(suggestEmail('ada@GMail.COM')).toBeNull();
    expect(suggestEmail('ada@googlemail.com')).toBeNull();
    expect(suggestEmail('ada@yahoo.co.uk')).toBeNull();
  });

  it('says nothing when no popular domain is within 2 edits', () => {
    expect(suggestEmail('ada@example.org')).toBeNull();
    expect(suggestEmail('ada@pinhive.com')).toBeNull();
    expect(suggestEmail('ada@hotmaaaail.com')).toBeNull(); // 3 edits
  });

  it('prefers the more popular domain on a tie', () => {
    // email.com is one edit from both gmail.com and mail.com.
    expect(suggestEmail('ada@email.com')).toBe('ada@gmail.com');
  });

  it('lower-cases the domain but keeps the local part exactly as typed', () => {
    expect(suggestEmail('Ada.Lovelace+Pins@GMIAL.COM')).toBe('Ada.Lovelace+Pins@gmail.com');
    expect(suggestEmail('ADA@Yaho.Com')).toBe('ADA@yahoo.com');
  });

  it('only checks emails under 60 characters', () => {
    const local59 = 'a'.repeat(59 - '@gmial.com'.length);
    expect(suggestEmail(`${local59}@gmial.com`)).toBe(`${local59}@gmail.com`);
    expect(suggestEmail(`${local59}a@gmial.com`)).toBeNull(); // exactly 60
    expect(suggestEmail(`${'a'.repeat(80)}@gmial.com`)).toBeNull();
  });

  it.each(['not an email', '', 'gmial.com', '@gmial.com', 'ada@', 'ada@@gmial.com', 'a@b@gmial.com', 'ada @gmial.com', ' ada@gmial.com'])(
    'says nothing for %j, which is not shaped like local@domain',
    (typed) => {
      expect(suggestEmail(typed)).toBeNull();
    },
  );
});
