import { z } from 'zod';
import { ACCESS } from '@parceldesk/shared/access';
import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { IDEMPOTENCY_KEY_HEADER } from '@parceldesk/shared/schemas/packages';
import {
  authorisationLetterSchema, counterLookupQuerySchema, counterLookupSchema, createPickupResponseSchema, createPickupSchema, PICKUP_MSG, pickupSchema,
} from '@parceldesk/shared/schemas/pickups';
import type { AppContext, ZodApp } from '../../app-context';
import { actorOf } from '../../lib/actor';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { contentDisposition, sendStoredFile } from '../../lib/file-types';
import { inTransaction } from '../../lib/transaction';
import { counterLookup } from './counter-lookup.service';
import { counterCourier } from './counter-reads';
import { readAuthorisationLetter, signaturePng, storeAuthorisationLetter } from './pickup-files';
import { releasePickup } from './pickup-release.service';
import { renderPickupReceiptPdf } from './pickup-receipt-pdf';
import { courierNameOf, getPickup, pickupFile } from './pickup-view';

const tags = ['pickups'];
const ONE = { ...ACCESS.pickups, tenant: { id: 'pickup' } } as const;
const letterUploadFormSchema = z.object({ letter: z.file().describe("The customer's authorisation letter: PDF, JPG or PNG, less than 10 MB") });

/** Issue 13, the pickup counter: find a customer's ready parcels, release them against a signature. */
export function pickupRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/counter/lookup', {
    schema: {
      tags, querystring: counterLookupQuerySchema, response: { 200: counterLookupSchema },
      summary: "Pickup counter: a scanned label (package or tracking number), an invoice number, a mailbox number or a name (or customerId) → the customer's parcels ready for pickup with their invoices, paid and due (packages_sign)",
    },
    config: { access: { ...ACCESS.pickups, tenant: { customerId: 'customer' } } },
  }, (request) => counterLookup(ctx.db, { scope: actorOf(request).scope, query: request.query }));

  app.post('/pickups/authorisation-letters', {
    schema: {
      tags, consumes: ['multipart/form-data'], response: { 201: authorisationLetterSchema },
      summary: "Upload the customer's authorisation letter for an authorised person collecting (multipart field `letter`: PDF, JPG or PNG by content, < 10 MB); name it in POST /pickups",
    },
    config: { access: ACCESS.pickups, multipartBody: letterUploadFormSchema },
  }, async (request, reply) => {
    const actor = actorOf(request);
    // A super admin has no counter: answered before the upload is read.
    counterCourier(actor.scope);
    const file = await readAuthorisationLetter(request);
    const letter = await inTransaction(ctx.db, (tx) => storeAuthorisationLetter(tx, { actor, file }));
    return reply.status(201).send(letter);
  });

  app.post('/pickups', {
    schema: {
      tags, body: createPickupSchema, response: { 200: createPickupResponseSchema, 201: createPickupResponseSchema },
      summary: 'Release parcels at the counter: package ids (one customer\'s, ready for pickup), who collects, the signature as a PNG data URL. Parcels with a balance due are refused (409) unless a courier admin gives overrideReason (audited). Header Idempotency-Key: a retry answers the first release (200)',
    },
    config: { access: ACCESS.pickups },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
    // Decoded before the transaction: the parcels' locks are not held while an image is checked.
    const signature = await signaturePng(request.body.signature);
    const result = await inTransaction(ctx.db, (tx) => releasePickup(tx, { actor, body: request.body, signature, idempotencyKey, publicUrl: ctx.env.publicUrl }));
    const pickup = await getPickup(ctx.db, actor.scope, result.pickupId);
    return reply.status(result.statusCode).send({ message: PICKUP_MSG.released(pickup.packages.length), pickup });
  });

  app.get('/pickups/:id', {
    schema: { tags, params: idParamsSchema, response: { 200: pickupSchema }, summary: 'A release at the counter: parcels, invoices, collector, who released it (the receipt)' },
    config: { access: ONE },
  }, (request) => getPickup(ctx.db, actorOf(request).scope, request.params.id));

  app.get('/pickups/:id/receipt', {
    schema: { tags, params: idParamsSchema, response: { 200: z.any().describe('application/pdf') }, summary: 'The pickup receipt as a PDF (parcels, invoices, collector, the signature) to print at the counter' },
    config: { access: ONE },
  }, async (request, reply) => {
    const scope = actorOf(request).scope;
    const pickup = await getPickup(ctx.db, scope, request.params.id);
    const [signature, courierName] = await Promise.all([pickupFile(ctx.db, scope, pickup.id, 'signature'), courierNameOf(ctx.db, scope)]);
    const pdf = await renderPickupReceiptPdf(pickup, courierName, signature.data);
    return reply.header('content-type', 'application/pdf').header('x-content-type-options', 'nosniff').header('cache-control', 'no-store')
      .header('content-disposition', contentDisposition('inline', `receipt-${pickup.pickupNumber}.pdf`)).send(pdf);
  });

  app.get('/pickups/:id/signature', {
    schema: { tags, params: idParamsSchema, response: { 200: z.any().describe('image/png') }, summary: "The collector's signature (PNG)" },
    config: { access: ONE },
  }, async (request, reply) => sendStoredFile(reply, await pickupFile(ctx.db, actorOf(request).scope, request.params.id, 'signature')));

  app.get('/pickups/:id/authorisation-letter', {
    schema: { tags, params: idParamsSchema, response: { 200: z.any().describe('PDF, JPG or PNG') }, summary: "The customer's authorisation letter kept with the pickup (404 when the customer collected)" },
    config: { access: ONE },
  }, async (request, reply) => sendStoredFile(reply, await pickupFile(ctx.db, actorOf(request).scope, request.params.id, 'letter')));
}
