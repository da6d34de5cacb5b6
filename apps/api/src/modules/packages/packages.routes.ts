import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import {
  assignPackageSchema, packageDetailSchema, packageFileSchema, packageEditSchema, packageListItemSchema, packageStatusChangeSchema, receivePackageResponseSchema,
  receivePackageSchema, unknownPackageListItemSchema, IDEMPOTENCY_KEY_HEADER, PACKAGE_MSG, PACKAGE_PHOTO_MAX_BYTES, packagePhotoFormSchema,
} from '@parceldesk/shared/schemas/packages';
import type { AppContext, ZodApp } from '../../app-context';
import type { Access } from '@parceldesk/shared/access';
import { principalOf } from '../../plugins/auth';
import { actorOf } from '../../lib/actor';
import { readUpload } from '../../lib/multipart';
import { inTransaction, inTransactionCommittedByLast } from '../../lib/transaction';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { listPackages, listUnknownPackages } from './package-lists.service';
import { addPackagePhoto, PHOTO_FIELD, preparePackagePhoto } from './package-photos';
import { getPackageDetail } from './package-view';
import { assignPackage, changePackageStatus, editPackage } from './package-writes.service';
import { RECEIVE_MESSAGES, receivePackage } from './receive.service';

const tags = ['packages'];
const STAFF_ROLES = ['super_admin', 'courier_admin', 'branch_manager', 'staff'] as const;
const EVERYONE = [...STAFF_ROLES, 'customer'] as const;
const ONE: Access['tenant'] = { id: 'package' };
/** Photographing a parcel is part of receiving it (packages_scan) and of looking after it (packages_manage). */
const PHOTO_PERMISSIONS = ['packages_scan', 'packages_manage'] as const;

/** Issue 11: receiving, lists, detail, corrections, status moves and assignment of packages. */
export function packageRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/packages/receive', {
    schema: {
      tags, body: receivePackageSchema, response: { 200: receivePackageResponseSchema, 201: receivePackageResponseSchema },
      summary: 'Receive a scanned parcel (packages_scan). Header Idempotency-Key makes a retry answer the first result; a tracking number already received answers that package (200, outcome existing)',
    },
    config: { access: { roles: STAFF_ROLES, permission: 'packages_scan' } },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
    const result = await inTransactionCommittedByLast(ctx.db, (tx) => receivePackage(tx, { actor, form: request.body, idempotencyKey, publicUrl: ctx.env.publicUrl }));
    const pkg = await getPackageDetail(ctx.db, actor.principal, result.packageId);
    return reply.status(result.statusCode).send({ outcome: result.outcome, message: RECEIVE_MESSAGES[result.outcome], package: pkg });
  });

  app.get('/packages', {
    schema: { tags, summary: 'Packages (list convention): staff their courier\'s, the super admin the network, a customer their own', querystring: listQuerySchema, response: { 200: listResponseSchema(packageListItemSchema) } },
    config: { access: { roles: EVERYONE, permission: 'packages_view', apiScope: 'packages:read' } },
  }, (request) => listPackages(ctx.db, principalOf(request), request.query));

  app.get('/packages/unknown', {
    schema: { tags, summary: 'Unknown packages (list convention; packages_unknown)', querystring: listQuerySchema, response: { 200: listResponseSchema(unknownPackageListItemSchema) } },
    config: { access: { roles: STAFF_ROLES, permission: 'packages_unknown' } },
  }, (request) => listUnknownPackages(ctx.db, principalOf(request), request.query));

  app.get('/packages/:id', {
    schema: { tags, summary: 'A package with its files and timeline', params: idParamsSchema, response: { 200: packageDetailSchema } },
    config: { access: { roles: EVERYONE, permission: 'packages_view', tenant: ONE, apiScope: 'packages:read' }, sessionInStatement: true },
  }, (request) => getPackageDetail(ctx.db, principalOf(request), request.params.id, request.deferredSession));

  app.put('/packages/:id', {
    schema: { tags, summary: 'Correct weights, dimensions, description and other details with a reason (packages_manage; not once invoiced)', params: idParamsSchema, body: packageEditSchema, response: { 200: packageDetailSchema } },
    config: { access: { roles: STAFF_ROLES, permission: 'packages_manage', tenant: ONE } },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => editPackage(tx, { actor, packageId: request.params.id, form: request.body, publicUrl: ctx.env.publicUrl }));
    return getPackageDetail(ctx.db, actor.principal, request.params.id);
  });

  app.post('/packages/:id/status', {
    schema: { tags, summary: 'Move a package to another status (packages_manage; PACKAGE_TRANSITIONS, else 409)', params: idParamsSchema, body: packageStatusChangeSchema, response: { 200: packageDetailSchema } },
    config: { access: { roles: STAFF_ROLES, permission: 'packages_manage', tenant: ONE } },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => changePackageStatus(tx, { actor, packageId: request.params.id, change: request.body, publicUrl: ctx.env.publicUrl }));
    return getPackageDetail(ctx.db, actor.principal, request.params.id);
  });

  app.post('/packages/:id/assign', {
    schema: { tags, summary: 'Give an unknown package to a customer (packages_unknown); records the courier\'s unknown fee', params: idParamsSchema, body: assignPackageSchema, response: { 200: packageDetailSchema } },
    config: { access: { roles: STAFF_ROLES, permission: 'packages_unknown', tenant: ONE } },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => assignPackage(tx, { actor, packageId: request.params.id, customerId: request.body.customerId, note: request.body.note ?? null, publicUrl: ctx.env.publicUrl }));
    return getPackageDetail(ctx.db, actor.principal, request.params.id);
  });

  app.post('/packages/:id/photos', {
    schema: {
      tags, summary: 'Add a photo of the package: multipart field `photo`, JPG or PNG by content, < 10 MB, resized to 1600 px on the long side (packages_scan or packages_manage; at most 6)',
      params: idParamsSchema, consumes: ['multipart/form-data'], response: { 201: packageFileSchema },
    },
    config: { access: { roles: STAFF_ROLES, permission: PHOTO_PERMISSIONS, tenant: ONE }, multipartBody: packagePhotoFormSchema },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const packageId = request.params.id;
    const { file } = await readUpload(request, { fileField: PHOTO_FIELD, maxBytes: PACKAGE_PHOTO_MAX_BYTES, tooLarge: PACKAGE_MSG.photoTooLarge });
    // Checked and resized before the transaction: the slow decode holds no lock.
    const photo = await preparePackagePhoto(ctx.db, { actor, packageId, file });
    return reply.status(201).send(await inTransaction(ctx.db, (tx) => addPackagePhoto(tx, { actor, packageId, photo })));
  });
}
