import { z } from 'zod';
import { ACCESS } from '@parceldesk/shared/access';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import { IDEMPOTENCY_KEY_HEADER } from '@parceldesk/shared/schemas/packages';
import {
  audienceCountResponseSchema, audienceSchema, BATCH_EMAIL_MSG, batchDetailSchema, batchIdParamsSchema, batchListItemSchema, batchRecipientItemSchema,
  composeBatchSchema, marketingEmailsResponseSchema, marketingEmailsSchema, previewBatchSchema, previewResponseSchema, sendBatchResponseSchema,
  testBatchResponseSchema, unsubscribeResponseSchema, unsubscribeSchema,
} from '@parceldesk/shared/schemas/batch-emails';
import type { AppContext, ZodApp } from '../../app-context';
import { actorOf } from '../../lib/actor';
import { badRequest } from '../../lib/app-error';
import { idempotencyKeyOf, rememberAnswer, replayOf, requestHash } from '../../lib/idempotency';
import { inTransaction } from '../../lib/transaction';
import { principalOf } from '../../plugins/auth';
import { countAudience, courierOf, previewBatch, queueBatch, sendTestBatch, type BatchMailDeps } from './batch-compose.service';
import { batchDetail, listBatches, listBatchRecipients } from './batch-lists.service';
import { marketingEmailsOf, saveMarketingEmails, unsubscribeByToken } from './unsubscribe.service';

const tags = ['batch-emails'];
const ONE_BATCH = { id: 'email_batch' } as const;
export const BATCH_EMAILS_JOB = 'batch-emails';

/** Issue 14, batch emails (/admin/batch-emails) and the customer's way out of them. */
export function batchEmailRoutes(app: ZodApp, ctx: AppContext) {
  const deps: BatchMailDeps = { publicUrl: ctx.env.publicUrl, tokens: ctx.unsubscribeTokens };

  app.get('/batch-emails', {
    schema: { tags, summary: 'The courier\'s batch emails, newest first (list convention; search subject and number)', querystring: listQuerySchema, response: { 200: listResponseSchema(batchListItemSchema) } },
    config: { access: ACCESS.batchEmails },
  }, (request) => listBatches(ctx.db, { actor: actorOf(request), query: request.query }));

  app.post('/batch-emails/audience-count', {
    schema: { tags, summary: 'How many customers an audience reaches now (active, not opted out of marketing email)', body: z.object({ audience: audienceSchema }), response: { 200: audienceCountResponseSchema } },
    config: { access: ACCESS.batchEmails },
  }, async (request) => {
    const actor = actorOf(request);
    return { recipientCount: await countAudience(ctx.db, courierOf(actor), request.body.audience) };
  });

  app.post('/batch-emails/preview', {
    schema: { tags, summary: 'The email as one customer of the courier would get it (placeholders filled, unsubscribe footer), and the audience\'s size. An unknown placeholder is 400', body: previewBatchSchema, response: { 200: previewResponseSchema } },
    config: { access: ACCESS.batchEmails },
  }, (request) => {
    const { customerId, ...compose } = request.body;
    return previewBatch(ctx.db, { actor: actorOf(request), deps, compose, customerId });
  });

  app.post('/batch-emails/test', {
    schema: { tags, summary: 'Send the email to yourself (through the outbox and the courier\'s SMTP), filled with a chosen customer\'s values or your own', body: composeBatchSchema.extend({ customerId: z.uuid().optional() }), response: { 200: testBatchResponseSchema } },
    config: { access: ACCESS.batchEmails },
  }, async (request) => {
    const { customerId, ...compose } = request.body;
    const actor = actorOf(request);
    const to = await inTransaction(ctx.db, (tx) => sendTestBatch(tx, { actor, deps, compose, customerId }));
    return { success: true as const, message: BATCH_EMAIL_MSG.testSent, to };
  });

  app.post('/batch-emails', {
    schema: {
      tags, body: composeBatchSchema, response: { 201: sendBatchResponseSchema },
      summary: 'Send a batch: its recipients are chosen now (one per customer, opted-out ones left out) and their emails written to the outbox by the batch job. Idempotency-Key (optional) makes a retry answer the first batch',
    },
    config: { access: ACCESS.batchEmails },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
    const hash = requestHash('POST /batch-emails', request.body);
    const batchId = await inTransaction(ctx.db, async (tx) => {
      if (key) {
        const replay = await replayOf(tx, { principalId: actor.principal.id, key, hash });
        if (replay) return replay.resourceId;
      }
      const id = await queueBatch(tx, { actor, compose: request.body });
      if (key) await rememberAnswer(tx, { principalId: actor.principal.id, key, hash, courierId: courierOf(actor), route: 'POST /batch-emails', statusCode: 201, outcome: 'queued', resourceId: id });
      return id;
    });
    await ctx.runJobSoon(BATCH_EMAILS_JOB);
    return reply.status(201).send({ success: true as const, message: BATCH_EMAIL_MSG.queued, batch: await batchDetail(ctx.db, { actor, batchId }) });
  });

  app.get('/batch-emails/:id', {
    schema: { tags, summary: 'A batch with its progress (queued / sent / failed / skipped)', params: batchIdParamsSchema, response: { 200: batchDetailSchema } },
    config: { access: { ...ACCESS.batchEmails, tenant: ONE_BATCH } },
  }, (request) => batchDetail(ctx.db, { actor: actorOf(request), batchId: request.params.id }));

  app.get('/batch-emails/:id/recipients', {
    schema: { tags, summary: 'A batch\'s recipients and each one\'s status (list convention; filter status)', params: batchIdParamsSchema, querystring: listQuerySchema, response: { 200: listResponseSchema(batchRecipientItemSchema) } },
    config: { access: { ...ACCESS.batchEmails, tenant: ONE_BATCH } },
  }, (request) => listBatchRecipients(ctx.db, { actor: actorOf(request), batchId: request.params.id, query: request.query }));

  app.post('/unsubscribe', {
    schema: { tags, summary: 'The unsubscribe link of a batch email (public, its signed token): marketing email off at once; receipts and parcel updates still arrive', body: unsubscribeSchema, response: { 200: unsubscribeResponseSchema } },
    config: { access: { public: true } },
  }, async (request) => {
    const customerId = ctx.unsubscribeTokens.verify(request.body.token);
    if (!customerId) throw badRequest(BATCH_EMAIL_MSG.unsubscribeInvalid);
    const courierName = await inTransaction(ctx.db, (tx) => unsubscribeByToken(tx, { customerId, ip: request.ip }));
    return { success: true as const, message: BATCH_EMAIL_MSG.unsubscribed, courierName };
  });

  app.get('/customers/me/marketing-emails', {
    schema: { tags: ['customers'], summary: 'Whether I get the courier\'s batch (marketing) emails', response: { 200: marketingEmailsResponseSchema } },
    config: { access: ACCESS.marketingEmails },
  }, async (request) => ({ marketingEmails: await marketingEmailsOf(ctx.db, principalOf(request).id) }));

  app.put('/customers/me/marketing-emails', {
    schema: { tags: ['customers'], summary: 'Switch the courier\'s batch (marketing) emails on or off; off withdraws any not yet sent', body: marketingEmailsSchema, response: { 200: marketingEmailsResponseSchema } },
    config: { access: ACCESS.marketingEmails },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => saveMarketingEmails(tx, { actor, marketingEmails: request.body.marketingEmails }));
    return { marketingEmails: request.body.marketingEmails, message: BATCH_EMAIL_MSG.preferenceSaved };
  });
}
