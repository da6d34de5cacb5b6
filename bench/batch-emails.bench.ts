/**
 * Batch email benchmark (issue 14), server time through app.inject on a scratch database:
 *   - queuing a 20,000-recipient batch (POST /batch-emails: the batch and its recipients, one
 *     INSERT … SELECT) — target < 5 s;
 *   - the batch job writing the 20,000 outbox rows (placeholders filled, unsubscribe link signed);
 *   - the batch detail (progress counts) and the first page of recipients, p99 of 100 requests.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/batch-emails.bench.ts
 */
import os from 'node:os';
import { runBatchSends } from '../apps/api/src/modules/batch-emails/batch-send.service';
import { loadSecret } from '../apps/api/src/security/secrets';
import { createUnsubscribeTokens } from '../apps/api/src/security/unsubscribe-tokens';
import { makeCourier, makeUser, signIn } from '../apps/api/src/test/factories';
import { quantile } from './lib/load';
import { startScratchApp } from './lib/scratch-app';

const RECIPIENTS = 20_000;

async function main() {
  const scratch = await startScratchApp('batch');
  const { app, handle, env, dataDir } = scratch;
  try {
    const courier = await makeCourier(handle.db, { name: 'Bench Batch Courier' });
    const auth = (await signIn(app, await makeUser(handle.db, { role: 'courier_admin', courier }))).headers;
    // 20,000 customers who take marketing email and 1,000 who opted out, set-based.
    await handle.pool.query(`insert into customers (courier_id, mailbox_number, account_type, first_name, last_name, email, phone, password_hash, trn, address, parish, city, marketing_emails)
      select $1, 'BB-' || lpad(g::text, 6, '0'), 'individual', 'Bench', 'Customer ' || g, 'bench' || g || '@example.com', '876-555-0100', 'x', lpad(g::text, 9, '0'), '1 Bench Road', 'Kingston', 'Kingston', g <= $2
      from generate_series(1, $2::int + 1000) g`, [courier.id, RECIPIENTS]);
    await handle.pool.query('analyze');
    console.log(`batch email benchmark: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)} (wall time is only meaningful on an idle machine)`);

    let started = performance.now();
    const response = await app.inject({
      method: 'POST', url: '/api/batch-emails', headers: auth,
      payload: { subject: 'News for {{firstName}}', body: 'Hello {{firstName}} {{lastName}}, mailbox {{mailbox}}, {{courierName}}.', audience: { kind: 'all' } },
    });
    const queueMs = performance.now() - started;
    if (response.statusCode !== 201) throw new Error(response.body);
    const batch = response.json<{ batch: { id: string; counts: { total: number } } }>().batch;
    console.log(`  queue a ${batch.counts.total.toLocaleString('en-US')}-recipient batch (POST /batch-emails)   ${queueMs.toFixed(0)} ms  (target < 5,000 ms)`);

    const deps = { publicUrl: env.publicUrl, tokens: createUnsubscribeTokens(await loadSecret(dataDir, 'unsubscribe-secret')) };
    started = performance.now();
    const result = await runBatchSends(handle.db, { deps });
    console.log(`  batch job: ${result.queued.toLocaleString('en-US')} outbox rows written   ${(performance.now() - started).toFixed(0)} ms`);

    for (const [label, url] of [['batch detail (progress counts)', `/api/batch-emails/${batch.id}`], ['recipients, first page', `/api/batch-emails/${batch.id}/recipients`]] as const) {
      const times: number[] = [];
      for (let i = 0; i < 100; i += 1) {
        const t0 = performance.now();
        const answer = await app.inject({ method: 'GET', url, headers: auth });
        if (answer.statusCode !== 200) throw new Error(answer.body);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(`  ${label}   p50 ${quantile(times, 0.5).toFixed(1)} ms  p99 ${quantile(times, 0.99).toFixed(1)} ms`);
    }
    await app.close();
  } finally {
    await scratch.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
