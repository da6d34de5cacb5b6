import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { loadSecret } from './secrets';

/**
 * AES-256-GCM for secrets kept in the database (courier SMTP passwords, webhook signing secrets). A token is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; the associated data (for example the courier id)
 * binds a ciphertext to its row, so a value copied into another courier's row does not decrypt.
 */
export interface SecretBox {
  encrypt(plain: string, associatedData: string): string;
  decrypt(token: string, associatedData: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('An AES-256-GCM key is 32 bytes');
  return {
    encrypt(plain, associatedData) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    decrypt(token, associatedData) {
      const [version, iv, tag, ciphertext] = token.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) throw new Error('Unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** A 32-byte key written as 64 hex digits or as base64 (standard or url-safe); null otherwise. */
export function decodeKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

const boxes = new Map<string, Promise<SecretBox>>();

/**
 * The box for secrets kept in the database: courier SMTP passwords (issue 4) and webhook signing
 * secrets (decision 025), each bound to its row by the associated data. The key comes from
 * SMTP_ENCRYPTION_KEY (its name predates the webhooks; kept so existing installs keep reading
 * their secrets), else is derived from a secret generated once into `<dataDir>/secrets/smtp-key`
 * (mode 0600). Several instances must share the env key (or the data directory) to read each
 * other's secrets.
 */
export function databaseSecretBox(env: { dataDir: string; SMTP_ENCRYPTION_KEY?: string | undefined }): Promise<SecretBox> {
  const cacheKey = `${env.dataDir}\0${env.SMTP_ENCRYPTION_KEY ?? ''}`;
  let box = boxes.get(cacheKey);
  if (!box) {
    box = (async () => {
      if (env.SMTP_ENCRYPTION_KEY) {
        const key = decodeKey(env.SMTP_ENCRYPTION_KEY);
        if (!key) throw new Error('SMTP_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or base64');
        return createSecretBox(key);
      }
      const secret = await loadSecret(env.dataDir, 'smtp-key');
      return createSecretBox(Buffer.from(hkdfSync('sha256', secret, 'parceldesk', 'smtp-password-key', 32)));
    })();
    box.catch(() => boxes.delete(cacheKey));
    boxes.set(cacheKey, box);
  }
  return box;
}
