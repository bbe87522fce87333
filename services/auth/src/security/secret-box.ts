import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const SEALED = 'v1.';

/** A key's public name: the start of its SHA-256 (stored beside sealed values to find what an old key sealed). */
export const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest('base64url').slice(0, 12);

/**
 * Secrets the server must read back (an authenticator app's TOTP key), sealed with AES-256-GCM
 * under MFA_SECRET_KEY before they are stored: a copy of the database (a backup, a leaked dump)
 * does not hand out second factors. Without a key (outside production only, see config.ts)
 * secrets are stored as they are, and a key added later still reads them: sealed values carry a
 * `v1.` prefix that a base32 secret never has.
 *
 * Rotation: the current key seals; the previous keys (MFA_SECRET_KEYS_PREVIOUS) only open. A
 * sealed value is tried under each key in turn: GCM's tag fails under any other key, so the
 * first that opens it is its key. What an old key sealed is sealed again under the current one
 * (authenticator.repository.ts), after which the old key can go.
 */
export class SecretBox {
  private readonly keys: Buffer[];
  /** The current key's id; null without a key. */
  readonly keyId: string | null;
  /** The previous keys' ids: what is sealed under them is to be sealed again. */
  readonly previousIds: string[];

  constructor(keyBase64: string | undefined, previousBase64: readonly string[] = []) {
    if (!keyBase64 && previousBase64.length > 0) throw new Error('previous MFA secret keys need a current MFA_SECRET_KEY');
    const current = keyBase64 ? [Buffer.from(keyBase64, 'base64')] : [];
    const previous = previousBase64.map((k) => Buffer.from(k, 'base64'));
    this.keys = [...current, ...previous];
    this.keyId = current[0] ? keyIdOf(current[0]) : null;
    this.previousIds = previous.map(keyIdOf);
  }

  seal(plain: string): string {
    const key = this.keys[0];
    if (!key || !this.keyId) return plain;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${SEALED}${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  open(stored: string): string {
    if (!stored.startsWith(SEALED)) return stored;
    if (this.keys.length === 0) throw new Error('a sealed secret needs MFA_SECRET_KEY to be read');
    const [iv, body] = stored.slice(SEALED.length).split('.');
    const data = Buffer.from(body ?? '', 'base64url');
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'));
        decipher.setAuthTag(data.subarray(data.length - 16));
        return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
      } catch {
        // Not this key's (or changed): the next key, if any.
      }
    }
    throw new Error('a sealed secret opens under none of the MFA secret keys (changed, or its key is gone)');
  }
}
