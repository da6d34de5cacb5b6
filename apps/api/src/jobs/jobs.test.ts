import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createDb, type DbHandle } from '../db/client';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * docs/decisions/017-jobs.md: two API instances start the job runner on one database; the daily
 * sweep is scheduled once (06:00 America/Jamaica) on a singleton queue, and a job sent to it is
 * run by one of them.
 */
let t: TestApp;
const instances: { app: App; database: DbHandle }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const url = t.database.pool.options.connectionString!;
  for (let i = 0; i < 2; i += 1) {
    const database = createDb(url, 3);
    const app = await buildApp({ env: t.env, database, logger: false, startWorkers: false, startJobs: true });
    await app.ready();
    instances.push({ app, database });
  }
}, 60_000);
afterAll(async () => {
  for (const { app, database } of instances) {
    await app.close();
    await database.close();
  }
  await t?.close();
}, 60_000);

describe('scheduled jobs (pg-boss)', () => {
  it('the test harness starts no job runner unless asked', () => {
    expect(t.app.jobs).toBeNull();
    expect(instances.every(({ app }) => app.jobs !== null)).toBe(true);
  });

  it('two instances register each schedule once, in Jamaica time, on a singleton queue', async () => {
    const { rows: schedules } = await t.database.pool.query(`select name, cron, timezone from pgboss.schedule order by name`);
    expect(schedules).toEqual([
      { name: 'batch-emails', cron: '* * * * *', timezone: 'America/Jamaica' },
      { name: 'uncollected-sweep', cron: '0 6 * * *', timezone: 'America/Jamaica' },
    ]);
    const { rows: queues } = await t.database.pool.query(`select policy, retry_limit from pgboss.queue where name = 'uncollected-sweep'`);
    expect(queues).toEqual([{ policy: 'singleton', retry_limit: 3 }]);
  });

  it('a sent job is run by one instance and completes', async () => {
    const boss = instances[0]!.app.jobs!.boss;
    const id = await boss.send('uncollected-sweep', {});
    expect(id).toBeTruthy();
    let state = 'created';
    for (let tries = 0; tries < 60 && state !== 'completed' && state !== 'failed'; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      state = (await boss.getJobById('uncollected-sweep', id!))?.state ?? state;
    }
    expect(state).toBe('completed');
  }, 45_000);
});
