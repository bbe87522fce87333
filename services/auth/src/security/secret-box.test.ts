import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

const key = randomBytes(32).toString('base64');
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('SecretBox', () => {
  it('seals a secret so that the stored value does not hold it, and opens it again', () => {
    const box = new SecretBox(key);
    const stored = box.seal(secret);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    expect(box.seal(secret)).not.toBe(stored);
    expect(box.open(stored)).toBe(secret);
  });

  it('reads a secret stored before there was a key, and without a key stores as it is', () => {
    expect(new SecretBox(key).open(secret)).toBe(secret);
    expect(new SecretBox(undefined).seal(secret)).toBe(secret);
  });

  it('refuses a sealed value under another key, or one that was changed', () => {
    const stored = new SecretBox(key).seal(secret);
    expect(() => new SecretBox(randomBytes(32).toString('base64')).open(stored)).toThrow();
    const changed = `${stored.slice(0, -2)}${stored.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => new SecretBox(key).open(changed)).toThrow();
    expect(() => new SecretBox(undefined).open(stored)).toThrow('MFA_SECRET_KEY');
  });

  it('rotates: the current key seals, a previous key still opens what it sealed, a dropped one does not', () => {
    const next = randomBytes(32).toString('base64');
    const old = new SecretBox(key).seal(secret);
    const rotated = new SecretBox(next, [key]);
    expect(rotated.open(old)).toBe(secret);
    expect(new SecretBox(next).open(rotated.seal(secret))).toBe(secret);
    expect(() => new SecretBox(next).open(old)).toThrow('none of the MFA secret keys');
    expect(rotated.keyId).toBe(new SecretBox(next).keyId);
    expect(rotated.previousIds).toEqual([new SecretBox(key).keyId]);
    expect(() => new SecretBox(undefined, [key])).toThrow('current MFA_SECRET_KEY');
  });
});
