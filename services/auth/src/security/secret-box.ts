import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const SEALED = 'v1.';

/**
 * Secrets the server must read back (an authenticator app's TOTP key), sealed with AES-256-GCM
 * under MFA_SECRET_KEY before they are stored: a copy of the database (a backup, a leaked dump)
 * does not hand out second factors. Without a key (outside production only, see config.ts)
 * secrets are stored as they are, and a key added later still reads them: sealed values carry a
 * `v1.` prefix that a base32 secret never has.
 */
export class SecretBox {
  private readonly key: Buffer | null;

  constructor(keyBase64: string | undefined) {
    this.key = keyBase64 ? Buffer.from(keyBase64, 'base64') : null;
  }

  seal(plain: string): string {
    if (!this.key) return plain;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${SEALED}${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  open(stored: string): string {
    if (!stored.startsWith(SEALED)) return stored;
    if (!this.key) throw new Error('a sealed secret needs MFA_SECRET_KEY to be read');
    const [iv, body] = stored.slice(SEALED.length).split('.');
    const data = Buffer.from(body ?? '', 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv ?? '', 'base64url'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  }
}
