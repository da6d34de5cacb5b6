import Fastify, { type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, ZodApp } from './app-context';
import type { DbHandle } from './db/client';
import type { Env } from './env';
import { startOutboxWorker, type OutboxWorker } from './mail/outbox-worker';
import { startJobs, type JobDefinition, type JobRunner, type QueueDefinition } from './jobs/jobs';
import { runUncollectedSweep } from './modules/uncollected/uncollected-sweep.service';
import { uncollectedRoutes } from './modules/uncollected/uncollected.routes';
import { BATCH_EMAILS_JOB, batchEmailRoutes } from './modules/batch-emails/batch-emails.routes';
import { runBatchSends } from './modules/batch-emails/batch-send.service';
import { createUnsubscribeTokens, type UnsubscribeTokens } from './security/unsubscribe-tokens';
import { reportRoutes } from './modules/reports/reports.routes';
import { registerAuth } from './plugins/auth';
import { openApiTransform } from './plugins/openapi';
import { enrichOpenApi } from './plugins/openapi-document';
import { registerErrorHandler } from './plugins/error-handler';
import { serverLogger } from './plugins/logger';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { withLogRedaction } from './plugins/log-redaction';
import { registerAfterResponse } from './plugins/after-response';
import { createRateLimiter } from './security/rate-limit';
import { loadSecret } from './security/secrets';
import { createTokenSigner } from './security/tokens';
import { authRoutes } from './modules/auth/auth.routes';
import { customerAuthRoutes } from './modules/customers/customers.routes';
import { courierPublicRoutes } from './modules/couriers/couriers.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { impersonationRoutes } from './modules/impersonation/impersonation.routes';
import { userRoutes } from './modules/staff/users.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { healthRoutes } from './modules/health/health.routes';
import { courierSettingsRoutes } from './modules/settings/courier-settings.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { networkRoutes } from './modules/network/network.routes';
import { platformSettingsRoutes } from './modules/platform-settings/platform-settings.routes';
import { branchRoutes } from './modules/branches/branches.routes';
import { roleRoutes } from './modules/roles/roles.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { customerManagementRoutes } from './modules/customers/customer-management.routes';
import { uploadRoutes } from './modules/settings/uploads.routes';
import { bulkRateRoutes } from './modules/settings/bulk-rates.routes';
import { emailConfigRoutes } from './modules/settings/email-config.routes';
import { ticketRoutes } from './modules/tickets/tickets.routes';
import { ticketSettingsRoutes } from './modules/tickets/ticket-settings.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { auditLogRoutes } from './modules/audit-logs/audit-logs.routes';
import { eventRoutes } from './events/events.routes';
import { packageRoutes } from './modules/packages/packages.routes';
import { preAlertRoutes } from './modules/packages/pre-alerts.routes';
import { packageFileRoutes } from './modules/packages/package-files.routes';
import { claimRoutes } from './modules/packages/claims.routes';
import { trackingRoutes } from './modules/packages/tracking.routes';
import { packageSettingsRoutes } from './modules/packages/package-settings.routes';
import { manifestRoutes } from './modules/manifests/manifests.routes';
import { integrationRoutes } from './modules/integrations/integrations.routes';
import { parcelPushRoutes } from './modules/packages/packing-system/parcel-push.routes';
import { manifestPushRoutes } from './modules/manifests/packing-system/manifest-push.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { invoiceRoutes } from './modules/invoices/invoices.routes';
import { packageScanRoutes } from './modules/packages/scan/scan.routes';
import { bulkReceiveRoutes } from './modules/packages/bulk-receive/bulk-receive.routes';
import { pickupRoutes } from './modules/pickups/pickups.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { addInvoiceLine } from './modules/invoices/invoice-writes.service';
import { recordPayment } from './modules/payments/payment-writes.service';
import { changePackageStatus } from './modules/packages/package-writes.service';
import { signaturePng } from './modules/pickups/pickup-files';
import { createCourierTransports } from './mail/courier-transports';
import { databaseSecretBox } from './security/encryption';
import { attachListOptionsCache } from './lib/list-options-cache';
import { checkListStatements } from './lib/list-query';
import { reconciliationRoutes } from './modules/manifests/reconciliation/reconciliation.routes';
import { packageAfterArrivalRoutes } from './modules/packages/after-arrival/after-arrival.routes';
import { webhookRoutes } from './modules/webhooks/webhooks.routes';
import { deliverWebhook, WEBHOOK_QUEUE } from './modules/webhooks/webhook-delivery.service';
import { startWebhookDispatcher, type WebhookDispatcher } from './modules/webhooks/webhook-dispatcher';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker | null;
    jobs: JobRunner | null;
    webhooks: WebhookDispatcher | null;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: DbHandle;
  logger?: FastifyServerOptions['logger'];
  /** The outbox worker sends queued email; tests may start it themselves. */
  startWorkers?: boolean;
  /** The scheduled jobs (pg-boss); off in tests unless asked for (default: as startWorkers). */
  startJobs?: boolean;
}

/**
 * The scheduled jobs (docs/decisions/017-jobs.md): the uncollected sweep daily at 06:00 Jamaica time;
 * batch emails (021) every minute, and at once when a batch is sent (runJobSoon), so a batch left
 * half-written by a restart is picked up again.
 */
const scheduledJobs = (database: DbHandle, env: Env, tokens: UnsubscribeTokens, log: { error: (obj: object, msg?: string) => void }): JobDefinition[] => [{
  name: 'uncollected-sweep',
  cron: '0 6 * * *',
  run: () => runUncollectedSweep(database.db, {
    now: new Date(), publicUrl: env.publicUrl,
    onError: (error, packageId) => log.error({ err: error, packageId }, 'uncollected sweep: a parcel failed (retried on the next run)'),
  }),
}, {
  name: BATCH_EMAILS_JOB,
  cron: '* * * * *',
  run: () => runBatchSends(database.db, { deps: { publicUrl: env.publicUrl, tokens } }),
}];

/** Route modules, registered explicitly under /api (no autoload magic). */
const API_MODULES = [healthRoutes, courierPublicRoutes, authRoutes, customerAuthRoutes, passwordResetRoutes, impersonationRoutes, userRoutes, dashboardRoutes, courierSettingsRoutes, settingsRoutes,
  uploadRoutes, bulkRateRoutes, emailConfigRoutes,
  networkRoutes, platformSettingsRoutes, branchRoutes, roleRoutes, staffRoutes, customerManagementRoutes,
  ticketRoutes, ticketSettingsRoutes, notificationRoutes, auditLogRoutes, eventRoutes,
  packageScanRoutes, bulkReceiveRoutes, packageRoutes, preAlertRoutes, packageFileRoutes, claimRoutes, trackingRoutes, packageSettingsRoutes,
  paymentRoutes, pickupRoutes, invoiceRoutes, uncollectedRoutes, reconciliationRoutes, packageAfterArrivalRoutes, manifestRoutes,
  batchEmailRoutes, reportRoutes,
  // Delivery works through the invoices', payments', packages' and pickups' own services, handed in here (modules/delivery/delivery-ports.ts).
  (app: ZodApp, ctx: AppContext) => deliveryRoutes(app, ctx, { addInvoiceLine, recordPayment, changePackageStatus, signaturePng }),
  webhookRoutes, integrationRoutes, parcelPushRoutes, manifestPushRoutes];

/** Webhook deliveries (docs/decisions/025-webhooks.md): one job per delivery generation, retried with backoff. */
const jobQueues = async (database: DbHandle, env: Env): Promise<QueueDefinition[]> => {
  const options = { box: await databaseSecretBox(env), allowPrivate: env.ALLOW_PRIVATE_WEBHOOKS, timeoutMs: env.WEBHOOK_TIMEOUT_MS };
  return [{
    name: WEBHOOK_QUEUE, retryLimit: env.WEBHOOK_RETRY_LIMIT, retryDelay: env.WEBHOOK_RETRY_DELAY_SECONDS, pollingIntervalSeconds: 0.5,
    handle: async (job) => {
      const { deliveryId, generation } = job.data as { deliveryId: string; generation: number };
      await deliverWebhook(database.db, { deliveryId, generation, isLastTry: job.retryCount >= job.retryLimit }, options);
    },
  }];
};

export async function buildApp(options: BuildAppOptions) {
  const { env, database } = options;
  const app = Fastify({
    logger: withLogRedaction(options.logger ?? serverLogger(env)),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const signer = createTokenSigner(await loadSecret(env.dataDir, 'jwt-secret', env.JWT_SECRET));
  const limiter = createRateLimiter(database.db, {
    windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, ipMax: env.RATE_LIMIT_IP_MAX, accountMax: env.RATE_LIMIT_ACCOUNT_MAX,
  });
  const unsubscribeTokens = createUnsubscribeTokens(await loadSecret(env.dataDir, 'unsubscribe-secret'));
  const ctx: AppContext = {
    db: database.db, env, signer, limiter, unsubscribeTokens,
    runJobSoon: async (queue) => {
      await app.jobs?.boss.send(queue, {});
    },
  };

  registerSecurityHeaders(app);
  await app.register(swagger, {
    openapi: { info: { title: 'ParcelDesk API', version: '0.1.0' }, servers: [] },
    transform: openApiTransform,
    // Security, error responses and who may call each route, from the routes' access declarations (issue 17).
    transformObject: (document) => ('openapiObject' in document
      ? enrichOpenApi(document.openapiObject as Parameters<typeof enrichOpenApi>[0], app.apiRoutes, env) as typeof document.openapiObject
      : document.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // Uploads are read per route with their own limits (lib/multipart.ts); these are the safe defaults.
  await app.register(multipart, { limits: { fileSize: 1024 * 1024, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

  const { hasBuild } = await registerSpa(app, env.webDistDir);
  registerErrorHandler(app, { spaFallback: hasBuild });
  registerAuth(app, database.db, signer);
  registerAfterResponse(app);
  attachListOptionsCache(app, database.db, database.pool);
  if (env.NODE_ENV !== 'production') checkListStatements(database.db);

  await app.register(async (api) => {
    const zodApi = api as unknown as ZodApp;
    for (const module of API_MODULES) module(zodApi, ctx);
    zodApi.get('/openapi.json', { schema: { hide: true }, config: { access: { public: true } } }, () => app.swagger());
  }, { prefix: '/api' });

  app.decorate('outbox', null);
  if (options.startWorkers !== false) {
    const courierTransports = createCourierTransports({ db: database.db, box: await databaseSecretBox(env), allowPrivate: env.ALLOW_PRIVATE_SMTP });
    app.outbox = startOutboxWorker({
      db: database.db, pool: database.pool, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, pollMs: env.OUTBOX_POLL_MS, log: app.log, courierTransports,
    });
  }
  app.decorate('jobs', null);
  app.decorate('webhooks', null);
  if (options.startJobs ?? options.startWorkers !== false) {
    const connectionString = database.pool.options.connectionString;
    if (!connectionString) throw new Error('The job runner needs the database connection string');
    const jobs = await startJobs({ connectionString, jobs: scheduledJobs(database, env, unsubscribeTokens, app.log), queues: await jobQueues(database, env), log: app.log });
    app.jobs = jobs;
    app.webhooks = startWebhookDispatcher({
      db: database.db, pollMs: env.WEBHOOK_POLL_MS, log: app.log, enqueue: (data, jobId) => jobs.send(WEBHOOK_QUEUE, data, jobId),
    });
  }
  app.addHook('onClose', async () => {
    await app.webhooks?.stop();
    await app.jobs?.stop();
    await app.outbox?.stop();
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
