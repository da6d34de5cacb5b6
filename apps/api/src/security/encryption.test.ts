import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { createSecretBox, decodeKey, databaseSecretBox } from './encryption';

describe('createSecretBox (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips, with a fresh IV each time and no plaintext in the token', () => {
    const a = box.encrypt('Sup3r-Secret!', 'courier-1');
    const b = box.encrypt('Sup3r-Secret!', 'courier-1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('Sup3r');
    expect(box.decrypt(a, 'courier-1')).toBe('Sup3r-Secret!');
  });

  it('refuses a token that was altered, moved to another row, or made with another key', () => {
    const token = box.encrypt('password', 'courier-1');
    expect(() => box.decrypt(token, 'courier-2')).toThrow();
    const [v, iv, tag, data] = token.split('.');
    const flipped = Buffer.from(data ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.decrypt([v, iv, tag, flipped.toString('base64url')].join('.'), 'courier-1')).toThrow();
    expect(() => createSecretBox(randomBytes(32)).decrypt(token, 'courier-1')).toThrow();
    expect(() => box.decrypt('plain text', 'courier-1')).toThrow();
  });
});

describe('the SMTP key', () => {
  it('reads 32 bytes as hex or base64, and nothing else', () => {
    const key = randomBytes(32);
    expect(decodeKey(key.toString('hex'))?.equals(key)).toBe(true);
    expect(decodeKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(decodeKey(key.toString('base64url'))?.equals(key)).toBe(true);
    expect(decodeKey(randomBytes(16).toString('hex'))).toBeNull();
    expect(decodeKey('correct horse battery staple')).toBeNull();
    expect(() => loadEnv({ SMTP_ENCRYPTION_KEY: 'too-short' })).toThrow(/SMTP_ENCRYPTION_KEY/);
    expect(loadEnv({ SMTP_ENCRYPTION_KEY: key.toString('hex') }).SMTP_ENCRYPTION_KEY).toBe(key.toString('hex'));
  });

  it('uses the env key when given, else a key file generated once under DATA_DIR with mode 0600', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parceldesk-key-'));
    const generated = await databaseSecretBox({ dataDir });
    const token = generated.encrypt('pw', 'c');
    const file = path.join(dataDir, 'secrets', 'smtp-key');
    expect(((await stat(file)).mode & 0o777).toString(8)).toBe('600');
    expect((await readFile(file, 'utf8')).length).toBeGreaterThan(40);
    // A restart (same data directory) opens the same tokens: the key file is read, not regenerated.
    expect((await databaseSecretBox({ dataDir: `${dataDir}/` })).decrypt(token, 'c')).toBe('pw');

    const key = randomBytes(32).toString('base64');
    const fromEnv = await databaseSecretBox({ dataDir, SMTP_ENCRYPTION_KEY: key });
    expect(() => fromEnv.decrypt(token, 'c')).toThrow();
    expect(createSecretBox(Buffer.from(key, 'base64')).decrypt(fromEnv.encrypt('pw', 'c'), 'c')).toBe('pw');
  });
});
