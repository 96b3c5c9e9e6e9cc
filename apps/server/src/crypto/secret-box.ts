import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM with a key derived from APP_SECRET: for secrets kept at rest (AI provider keys,
 * platform tokens). The stored text is `v1.<iv>.<tag>.<ciphertext>` in base64url; `purpose` binds
 * a value to its use, so one kind of secret can't be swapped in for another.
 */
export function createSecretBox(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'plume', 'secret-box v1', 32));
  return {
    seal(plain: string, purpose: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /** Throws when the value was not sealed with this secret and purpose (or was changed). */
    open(sealed: string, purpose: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
