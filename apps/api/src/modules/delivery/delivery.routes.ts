import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ACCESS } from '@parceldesk/shared/access';
import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import {
  activeDeliveryLocationsSchema, assignDriverSchema, completeDeliverySchema, createDeliveryRequestSchema, DELIVERY_MSG, deliveryDriversSchema,
  deliveryLocationFormSchema, deliveryLocationResponseSchema, deliveryLocationSchema, deliveryReasonSchema, deliveryRequestListItemSchema,
  deliveryRequestResponseSchema, deliveryRequestSchema, readyParcelsSchema, runSheetQuerySchema, scheduleDeliverySchema,
} from '@parceldesk/shared/schemas/delivery';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import { PACKAGE_MSG, PACKAGE_PHOTO_MAX_BYTES } from '@parceldesk/shared/schemas/packages';
import type { AppContext, ZodApp } from '../../app-context';
import { deliveryRequests, storedFiles, users } from '../../db/schema/index';
import { actorOf } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/app-error';
import { contentDisposition, sendStoredFile } from '../../lib/file-types';
import { readUpload } from '../../lib/multipart';
import { PHOTO_FIELD, preparePhoto } from '../../lib/photos';
import { inTransaction } from '../../lib/transaction';
import { principalOf } from '../../plugins/auth';
import {
  activeDeliveryLocations, createDeliveryLocation, listDeliveryLocations, ownCourier, updateDeliveryLocation,
} from './delivery-locations.service';
import type { DeliveryPorts } from './delivery-ports';
import { assignDriver, cancelDeliveryRequest, createDeliveryRequest, rejectDelivery, scheduleDelivery } from './delivery-requests.service';
import { addDeliveryPhoto, completeDelivery, failDelivery, sendOut } from './delivery-run.service';
import { getDeliveryRequest, listDeliveryRequests, readyParcelsOf } from './delivery-view';
import { renderRunSheetPdf, runStops } from './run-sheet';

const tags = ['delivery'];
const LOCATION = { ...ACCESS.deliveryLocationsManage, tenant: { id: 'delivery_location' } } as const;
const VIEW_ONE = { ...ACCESS.deliveryRequestsView, tenant: { id: 'delivery_request' } } as const;
const MANAGE_ONE = { ...ACCESS.deliveryRequestsManage, tenant: { id: 'delivery_request' } } as const;
const CUSTOMER_ONE = { ...ACCESS.deliveryRequestsCustomer, tenant: { id: 'delivery_request' } } as const;
const updateLocationSchema = deliveryLocationFormSchema.partial();
const deliveryPhotoFormSchema = z.object({ [PHOTO_FIELD]: z.file().describe('JPG or PNG (judged by content), less than 10MB') });

/** Issue 14, delivery: locations (courier admin), requests (customers), scheduling and the run (staff). */
export function deliveryRoutes(app: ZodApp, ctx: AppContext, ports: DeliveryPorts) {
  const publicUrl = ctx.env.publicUrl;
  const answer = async (request: Parameters<typeof actorOf>[0], id: string, message: string) =>
    ({ message, request: await getDeliveryRequest(ctx.db, principalOf(request), id) });

  app.get('/delivery-locations', {
    schema: { tags, summary: "The courier's delivery locations (list convention; filters parish, isActive, feeCents)", querystring: listQuerySchema, response: { 200: listResponseSchema(deliveryLocationSchema) } },
    config: { access: ACCESS.deliveryLocationsManage },
  }, (request) => listDeliveryLocations(ctx.db, actorOf(request).scope, request.query));

  app.get('/delivery-locations/active', {
    schema: { tags, summary: 'The active delivery locations, for the request form', response: { 200: activeDeliveryLocationsSchema } },
    config: { access: ACCESS.deliveryLocationsActive },
  }, async (request) => ({ locations: await activeDeliveryLocations(ctx.db, actorOf(request).scope) }));

  app.post('/delivery-locations', {
    schema: { tags, summary: 'Add a delivery location (name unique per courier)', body: deliveryLocationFormSchema, response: { 201: deliveryLocationResponseSchema } },
    config: { access: ACCESS.deliveryLocationsManage },
  }, async (request, reply) => {
    const location = await inTransaction(ctx.db, (tx) => createDeliveryLocation(tx, { actor: actorOf(request), form: request.body }));
    return reply.status(201).send({ message: DELIVERY_MSG.locationCreated, location });
  });

  app.put('/delivery-locations/:id', {
    schema: { tags, summary: 'Edit a delivery location (any of its fields)', params: idParamsSchema, body: updateLocationSchema, response: { 200: deliveryLocationResponseSchema } },
    config: { access: LOCATION },
  }, async (request) => ({
    message: DELIVERY_MSG.locationUpdated,
    location: await inTransaction(ctx.db, (tx) => updateDeliveryLocation(tx, { actor: actorOf(request), id: request.params.id, form: request.body })),
  }));

  app.post('/delivery-locations/:id/deactivate', {
    schema: { tags, summary: 'Stop offering a delivery location (requests already made keep it)', params: idParamsSchema, response: { 200: deliveryLocationResponseSchema } },
    config: { access: LOCATION },
  }, async (request) => ({
    message: DELIVERY_MSG.locationDeactivated,
    location: await inTransaction(ctx.db, (tx) => updateDeliveryLocation(tx, { actor: actorOf(request), id: request.params.id, form: { isActive: false } })),
  }));

  app.get('/delivery-requests', {
    schema: { tags, summary: 'Delivery requests (list convention; customers see their own; filters status, locationName, dates, driverName)', querystring: listQuerySchema, response: { 200: listResponseSchema(deliveryRequestListItemSchema) } },
    config: { access: ACCESS.deliveryRequestsView },
  }, (request) => listDeliveryRequests(ctx.db, principalOf(request), request.query));

  app.get('/delivery-requests/ready-parcels', {
    schema: { tags, summary: "The customer's parcels ready for pickup and on no open delivery request", response: { 200: readyParcelsSchema } },
    config: { access: ACCESS.deliveryRequestsCustomer },
  }, async (request) => ({ parcels: await readyParcelsOf(ctx.db, principalOf(request)) }));

  app.get('/delivery-requests/drivers', {
    schema: { tags, summary: "The courier's active staff-side users a delivery can be assigned to", response: { 200: deliveryDriversSchema } },
    config: { access: ACCESS.deliveryRequestsManage },
  }, async (request) => {
    const courierId = ownCourier(actorOf(request).scope);
    const drivers = await ctx.db.select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users)
      .where(and(eq(users.courierId, courierId), eq(users.isActive, true), inArray(users.role, ['courier_admin', 'branch_manager', 'staff'])))
      .orderBy(asc(users.firstName), asc(users.lastName));
    return { drivers };
  });

  app.get('/delivery-requests/run-sheet', {
    schema: { tags, summary: "The run sheet PDF of a day (one driver's with driverId): stops in order, parcels, amount to collect", querystring: runSheetQuerySchema, response: { 200: z.any().describe('application/pdf') } },
    config: { access: { ...ACCESS.deliveryRequestsManage, tenant: { driverId: 'user' } } },
  }, async (request, reply) => {
    const sheet = await runStops(ctx.db, actorOf(request).scope, request.query);
    const pdf = await renderRunSheetPdf({ ...sheet, date: request.query.date });
    return reply.header('content-type', 'application/pdf').header('x-content-type-options', 'nosniff').header('cache-control', 'no-store')
      .header('content-disposition', contentDisposition('inline', `run-sheet-${request.query.date}.pdf`)).send(pdf);
  });

  app.post('/delivery-requests', {
    schema: { tags, summary: 'A customer asks for delivery of their ready parcels to an address in an active delivery location', body: createDeliveryRequestSchema, response: { 201: deliveryRequestResponseSchema } },
    config: { access: ACCESS.deliveryRequestsCustomer },
  }, async (request, reply) => {
    const id = await inTransaction(ctx.db, (tx) => createDeliveryRequest(tx, { actor: actorOf(request), body: request.body, publicUrl }));
    return reply.status(201).send(await answer(request, id, DELIVERY_MSG.requested));
  });

  app.get('/delivery-requests/:id', {
    schema: { tags, summary: 'A delivery request with its parcels, amount due and history', params: idParamsSchema, response: { 200: deliveryRequestSchema } },
    config: { access: VIEW_ONE },
  }, (request) => getDeliveryRequest(ctx.db, principalOf(request), request.params.id));

  app.get('/delivery-requests/:id/signature', {
    schema: { tags, summary: "The recipient's signature (PNG)", params: idParamsSchema, response: { 200: z.any().describe('image/png') } },
    config: { access: VIEW_ONE },
  }, async (request, reply) => {
    const detail = await getDeliveryRequest(ctx.db, principalOf(request), request.params.id);
    const [file] = await ctx.db.select({ data: storedFiles.data, contentType: storedFiles.contentType, fileName: storedFiles.fileName }).from(deliveryRequests)
      .innerJoin(storedFiles, eq(storedFiles.id, deliveryRequests.signatureFileId)).where(eq(deliveryRequests.id, detail.id));
    if (!file) throw notFound();
    return sendStoredFile(reply, file);
  });

  app.get('/delivery-requests/:id/photo', {
    schema: { tags, summary: 'The photo taken as proof of delivery (JPG or PNG)', params: idParamsSchema, response: { 200: z.any().describe('image/jpeg or image/png') } },
    config: { access: VIEW_ONE },
  }, async (request, reply) => {
    const detail = await getDeliveryRequest(ctx.db, principalOf(request), request.params.id);
    const [file] = await ctx.db.select({ data: storedFiles.data, contentType: storedFiles.contentType, fileName: storedFiles.fileName }).from(deliveryRequests)
      .innerJoin(storedFiles, eq(storedFiles.id, deliveryRequests.photoFileId)).where(eq(deliveryRequests.id, detail.id));
    if (!file) throw notFound();
    return sendStoredFile(reply, file);
  });

  app.post('/delivery-requests/:id/photo', {
    schema: {
      tags, summary: 'Proof of delivery by photo, while out for delivery: multipart field `photo`, JPG or PNG by content, < 10 MB, resized to 1600 px on the long side; a second replaces the first. "Delivered" then needs no signature',
      params: idParamsSchema, consumes: ['multipart/form-data'], response: { 200: deliveryRequestResponseSchema },
    },
    config: { access: MANAGE_ONE, multipartBody: deliveryPhotoFormSchema },
  }, async (request) => {
    const actor = actorOf(request);
    // Another courier's (or branch's) request is not found before anything of the upload is judged.
    await getDeliveryRequest(ctx.db, actor.principal, request.params.id);
    const { file } = await readUpload(request, { fileField: PHOTO_FIELD, maxBytes: PACKAGE_PHOTO_MAX_BYTES, tooLarge: PACKAGE_MSG.photoTooLarge });
    if (!file) throw badRequest(DELIVERY_MSG.photoRequired, { [PHOTO_FIELD]: DELIVERY_MSG.photoRequired });
    // Decoded and resized before the transaction: no lock is held while an image is checked.
    const photo = await preparePhoto(file);
    await inTransaction(ctx.db, (tx) => addDeliveryPhoto(tx, { actor, id: request.params.id, photo }));
    return answer(request, request.params.id, DELIVERY_MSG.photoAdded);
  });

  app.post('/delivery-requests/:id/cancel', {
    schema: { tags, summary: 'The customer cancels their request while it is only requested (409 once scheduled)', params: idParamsSchema, response: { 200: deliveryRequestResponseSchema } },
    config: { access: CUSTOMER_ONE },
  }, async (request) => {
    await inTransaction(ctx.db, (tx) => cancelDeliveryRequest(tx, { actor: actorOf(request), id: request.params.id, publicUrl }));
    return answer(request, request.params.id, DELIVERY_MSG.cancelled);
  });

  app.post('/delivery-requests/:id/schedule', {
    schema: { tags, summary: 'Approve and schedule (date, time window, optional driver); the delivery fee goes on the invoice. Again while scheduled: reschedule', params: idParamsSchema, body: scheduleDeliverySchema, response: { 200: deliveryRequestResponseSchema } },
    config: { access: MANAGE_ONE },
  }, async (request) => {
    await inTransaction(ctx.db, (tx) => scheduleDelivery(tx, { actor: actorOf(request), id: request.params.id, body: request.body, ports, publicUrl }));
    return answer(request, request.params.id, DELIVERY_MSG.scheduled);
  });

  app.post('/delivery-requests/:id/assign', {
    schema: { tags, summary: 'Assign the driver of a scheduled delivery (an active staff user of the courier)', params: idParamsSchema, body: assignDriverSchema, response: { 200: deliveryRequestResponseSchema } },
    config: { access: MANAGE_ONE },
  }, async (request) => {
    await inTransaction(ctx.db, (tx) => assignDriver(tx, { actor: actorOf(request), id: request.params.id, driverId: request.body.driverId }));
    return answer(request, request.params.id, DELIVERY_MSG.assigned);
  });

  app.post('/delivery-requests/:id/reject', {
    schema: { tags, summary: 'Refuse a request that was not scheduled yet, with the reason', params: idParamsSchema, body: deliveryReasonSchema, response: { 200: deliveryRequestResponseSchema } },
    config: { access: MANAGE_ONE },
  }, async (request) => {
    await inTransaction(ctx.db, (tx) => rejectDelivery(tx, { actor: actorOf(request), id: request.params.id, reason: request.body.reason, publicUrl }));
    return answer(request, request.params.id, DELIVERY_MSG.rejected);
  });

  app.post('/delivery-requests/:id/out-for-delivery', {
    schema: { tags, summary: 'The driver leaves: the request and its parcels are out for delivery', params: idParamsSchema, response: { 200: deliveryRequestResponseSchema } },
    config: { access: MANAGE_ONE },
  }, async (request) => {
    await inTransaction(ctx.db, (tx) => sendOut(tx, { actor: actorOf(request), id: request.params.id, ports, publicUrl }));
    return answer(request, request.params.id, DELIVERY_MSG.outForDelivery);
  });

  app.post('/delivery-requests/:id/deliver', {
    schema: { tags, summary: "Delivered: the recipient's name and the signature (PNG data URL), unless a photo was added (POST .../photo); money collected is recorded as a payment", params: idParamsSchema, body: completeDeliverySchema, response: { 200: deliveryRequestResponseSchema } },
    config: { access: MANAGE_ONE },
  }, async (request) => {
    // Decoded before the transaction, as at the pickup counter: no lock is held while an image is checked.
    const signature = request.body.signature ? await ports.signaturePng(request.body.signature) : null;
    await inTransaction(ctx.db, (tx) => completeDelivery(tx, { actor: actorOf(request), id: request.params.id, body: request.body, signature, ports, publicUrl }));
    return answer(request, request.params.id, DELIVERY_MSG.delivered);
  });

  app.post('/delivery-requests/:id/fail', {
    schema: { tags, summary: 'The delivery could not be made (reason); the parcels go back to ready for pickup', params: idParamsSchema, body: deliveryReasonSchema, response: { 200: deliveryRequestResponseSchema } },
    config: { access: MANAGE_ONE },
  }, async (request) => {
    await inTransaction(ctx.db, (tx) => failDelivery(tx, { actor: actorOf(request), id: request.params.id, reason: request.body.reason, ports, publicUrl }));
    return answer(request, request.params.id, DELIVERY_MSG.failed);
  });
}
