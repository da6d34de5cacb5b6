import PgBoss from 'pg-boss';
import { LOCAL_TIME_ZONE } from '../lib/local-time';

/**
 * Scheduled jobs on PostgreSQL (pg-boss 10, docs/decisions/017-jobs.md). Every instance starts
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

/**
 * A queue of one-off jobs (not on a clock): each job is sent with a caller-chosen id, so sending
 * the same id twice queues it once (pg-boss's primary key), and is retried with exponential
 * backoff (retryDelay, 2×retryDelay, …) up to retryLimit times when its handler throws.
 */
export interface QueueDefinition {
  name: string;
  retryLimit: number;
  /** Seconds before the first retry; each next one waits about twice as long. */
  retryDelay: number;
  /** How often an idle worker asks for work (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  handle: (job: QueuedJob) => Promise<void>;
}

export interface QueuedJob {
  id: string;
  data: Record<string, unknown>;
  /** Retries already made (0 on the first try); the last try has retryCount === retryLimit. */
  retryCount: number;
  retryLimit: number;
}

export interface JobRunner {
  boss: PgBoss;
  /** Queues a job of a defined queue; true when queued now, false when that id was already queued. */
  send: (queue: string, data: Record<string, unknown>, id: string) => Promise<boolean>;
  stop: () => Promise<void>;
}

interface Log {
  info: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
}

export const JOBS_SCHEMA = 'pgboss';

export async function startJobs(options: {
  connectionString: string; jobs: readonly JobDefinition[]; queues?: readonly QueueDefinition[]; log: Log; schema?: string;
}): Promise<JobRunner> {
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
  const queues = new Map((options.queues ?? []).map((queue) => [queue.name, queue]));
  for (const queue of queues.values()) {
    await boss.createQueue(queue.name, {
      name: queue.name, policy: 'standard', retryLimit: queue.retryLimit, retryDelay: queue.retryDelay, retryBackoff: true, expireInSeconds: 5 * 60,
    });
    await boss.work<Record<string, unknown>>(queue.name, { includeMetadata: true, pollingIntervalSeconds: queue.pollingIntervalSeconds ?? 2 }, async (jobs) => {
      for (const job of jobs) await queue.handle({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
    });
  }
  const send: JobRunner['send'] = async (name, data, id) => {
    const queue = queues.get(name);
    if (!queue) throw new Error(`No queue named ${name}`);
    const sent = await boss.send(name, data, { id, retryLimit: queue.retryLimit, retryDelay: queue.retryDelay, retryBackoff: true });
    return sent !== null;
  };
  return { boss, send, stop: () => boss.stop({ graceful: true, timeout: 10_000, wait: true }) };
}
