import PgBoss from 'pg-boss';
import { LOCAL_TIME_ZONE } from '../lib/local-time';

/**
 * Scheduled jobs on PostgreSQL (pg-boss 10, docs/decisions/015-jobs.md). Every instance starts
 * the same runner: queues and schedules are rows keyed by name (created with ON CONFLICT, so two
 * instances register one schedule), pg-boss's cron monitor lets one instance a minute send the
 * due jobs (singleton key per schedule and minute), and a queue of policy 'singleton' runs one
 * job at a time across instances. A failed run is retried (retryLimit, with backoff); the job
 * itself must be idempotent (the uncollected sweep is: unique keys per package and day).
 */
export interface JobDefinition {
  name: string;
  /** Cron in America/Jamaica time ('0 6 * * *': every day at 06:00). */
  cron: string;
  run: () => Promise<unknown>;
}

export interface JobRunner {
  boss: PgBoss;
  stop: () => Promise<void>;
}

interface Log {
  info: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
}

export const JOBS_SCHEMA = 'pgboss';

export async function startJobs(options: { connectionString: string; jobs: readonly JobDefinition[]; log: Log; schema?: string }): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: options.connectionString, schema: options.schema ?? JOBS_SCHEMA, max: 2, application_name: 'parceldesk-jobs' });
  boss.on('error', (error: Error) => options.log.error({ err: error }, 'job runner error'));
  await boss.start();
  for (const job of options.jobs) {
    await boss.createQueue(job.name, { name: job.name, policy: 'singleton', retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 30 * 60 });
    await boss.schedule(job.name, job.cron, {}, { tz: LOCAL_TIME_ZONE });
    await boss.work(job.name, async () => {
      const result = await job.run();
      options.log.info({ job: job.name, result }, 'job finished');
      return result;
    });
  }
  return { boss, stop: () => boss.stop({ graceful: true, timeout: 10_000, wait: true }) };
}
