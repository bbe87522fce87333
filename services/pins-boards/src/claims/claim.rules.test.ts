import { describe, expect, it } from '@jest/globals';
import { siteVerificationMetaTag } from '@pinhive/contracts';
import { hasVerificationToken, newClaimToken, verificationTokensIn } from './claim.rules';

const TOKEN = 'q3Zr-8x_Kd0aLw2mYtVb9nPe';
const page = (head: string, body = '<p>Lamps</p>') => `<!doctype html><html><head><meta charset="utf-8">${head}<title>Lamps</title></head><body>${body}</body></html>`;

describe('finding the claim token in a home page', () => {
  it('finds the tag as the settings page gives it', () => {
    expect(hasVerificationToken(page(siteVerificationMetaTag(TOKEN)), TOKEN)).toBe(true);
  });

  it('reads the tag as a browser would: any case, any order, any quoting, self-closed, spread over lines', () => {
    const variants = [
      `<META NAME="Pinhive-Site-Verification" CONTENT="${TOKEN}">`,
      `<meta content="${TOKEN}" name="pinhive-site-verification" />`,
      `<meta name='pinhive-site-verification' content='${TOKEN}'>`,
      `<meta name=pinhive-site-verification content=${TOKEN}>`,
      `<meta\n  name="pinhive-site-verification"\n  content="  ${TOKEN}  "\n>`,
      `<meta name="pinhive-site-verification" content="${TOKEN.replace('-', '&#45;')}">`,
    ];
    for (const tag of variants) expect({ tag, found: hasVerificationToken(page(tag), TOKEN) }).toEqual({ tag, found: true });
  });

  it('finds it among other tags and other people\'s tokens', () => {
    const html = page(`<meta name="description" content="${TOKEN}"><meta name="pinhive-site-verification" content="someone-else"><meta name="pinhive-site-verification" content="${TOKEN}">`);
    expect(verificationTokensIn(html)).toEqual(['someone-else', TOKEN]);
    expect(hasVerificationToken(html, TOKEN)).toBe(true);
  });

  it('does not take another token, another case of it, a part of it, or the token under another name', () => {
    expect(hasVerificationToken(page(siteVerificationMetaTag('other-token')), TOKEN)).toBe(false);
    expect(hasVerificationToken(page(siteVerificationMetaTag(TOKEN.toUpperCase())), TOKEN)).toBe(false);
    expect(hasVerificationToken(page(siteVerificationMetaTag(TOKEN.slice(0, 10))), TOKEN)).toBe(false);
    expect(hasVerificationToken(page(siteVerificationMetaTag(`${TOKEN}x`)), TOKEN)).toBe(false);
    expect(hasVerificationToken(page(`<meta name="google-site-verification" content="${TOKEN}">`), TOKEN)).toBe(false);
    expect(hasVerificationToken(page(`<meta property="pinhive-site-verification" content="${TOKEN}">`), TOKEN)).toBe(false);
    expect(hasVerificationToken(page('<meta name="pinhive-site-verification">'), '')).toBe(false);
  });

  it('does not count the token as text, in a comment, a script, a style or a title', () => {
    const tag = siteVerificationMetaTag(TOKEN);
    expect(hasVerificationToken(page('', `<p>Our token: ${TOKEN}</p><pre>${tag.replace(/</g, '&lt;')}</pre>`), TOKEN)).toBe(false);
    expect(hasVerificationToken(page(`<!-- ${tag} -->`), TOKEN)).toBe(false);
    expect(hasVerificationToken(page(`<script>document.write('${tag}')</script>`), TOKEN)).toBe(false);
    expect(hasVerificationToken(page(`<style>/* ${tag} */</style>`), TOKEN)).toBe(false);
    expect(hasVerificationToken(`<html><head><title>${tag}</title></head></html>`, TOKEN)).toBe(false);
    // ...while a real tag after them still counts.
    expect(hasVerificationToken(page(`<!-- old --><script>var a = '<x>';</script>${tag}`), TOKEN)).toBe(true);
  });
});

describe('a new claim token', () => {
  it('is 24 URL-safe characters, different each time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newClaimToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
