import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Returns the secret from the environment when given, else one generated once into
 * `<dataDir>/secrets/<name>` with 0600 permissions so restarts keep sessions valid.
 */
export async function loadSecret(dataDir: string, name: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  await mkdir(dataDir, { recursive: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
