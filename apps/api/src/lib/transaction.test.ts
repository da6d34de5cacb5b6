import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modulesDir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'modules');

/**
 * The anonymous commands of docs/decisions/005-transactions.md ("Exceptions"): they keep their
 * transaction inside the service, because they count rate-limit attempts on their own connection.
 */
const OWN_TRANSACTION = new Set([
  'couriers/courier-signup.service.ts',
  'customers/registration.service.ts',
  'password-reset/password-reset.service.ts',
  'password-reset/email-change.service.ts',
  // A background job is its own command: no route opens its transaction (one per parcel swept).
  'uncollected/uncollected-sweep.service.ts',
  // The batch email job: one transaction per chunk of recipients (docs/decisions/021-batch-emails.md).
  'batch-emails/batch-send.service.ts',
]);

function sourceFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourceFiles(path.join(dir, entry.name), rel);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|test-kit\.ts$/.test(entry.name) ? [rel] : [];
  });
}

describe('one transaction per command (decision 005)', () => {
  it('only routes open a transaction: services run on the one they are given', () => {
    const opening = /\binTransaction\(|\brolledBack\(|\.transaction\(/;
    const offenders = sourceFiles(modulesDir)
      .filter((file) => !file.endsWith('.routes.ts') && !OWN_TRANSACTION.has(file))
      .filter((file) => opening.test(readFileSync(path.join(modulesDir, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
