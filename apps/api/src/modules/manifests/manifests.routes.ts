import { ACCESS, type Access } from '@parceldesk/shared/access';
import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import {
  manifestAddPackagesSchema, manifestAddResultSchema, manifestDetailSchema, manifestExportQuerySchema, manifestInputSchema,
  manifestListItemSchema, manifestPackageParamsSchema, manifestStatusChangeSchema, manifestStatusResultSchema,
} from '@parceldesk/shared/schemas/manifests';
import { IDEMPOTENCY_KEY_HEADER } from '@parceldesk/shared/schemas/packages';
import type { AppContext, ZodApp } from '../../app-context';
import { actorOf } from '../../lib/actor';
import { contentDisposition, fileHeaders } from '../../lib/file-types';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { inTransaction } from '../../lib/transaction';
import { principalOf } from '../../plugins/auth';
import { scopeOf } from '../../lib/tenant-scope';
import { loadManifest } from './manifest-access';
import { getManifestDetail, getManifestHeader } from './manifest-detail.service';
import { exportManifest } from './manifest-exports';
import { listManifests } from './manifest-lists.service';
import { addManifestPackages, removeManifestPackage } from './manifest-loading.service';
import { changeManifestStatus } from './manifest-moves.service';
import { createManifest, editManifest } from './manifest-writes.service';

const tags = ['manifests'];
const ONE = { id: 'manifest' } as const;
const VIEW: Access = { ...ACCESS.manifestsView, tenant: ONE };
const MANAGE: Access = { ...ACCESS.manifestsManage, tenant: ONE };

/** Issue 12: manifests — create, list, detail, load and unload parcels, status moves, exports. */
export function manifestRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/manifests', {
    schema: { tags, summary: 'Create an open manifest of the caller\'s courier, numbered AIR-2026-0042 / SEA-2026-0007 (manifests_manage)', body: manifestInputSchema, response: { 201: manifestDetailSchema } },
    config: { access: ACCESS.manifestsManage },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const id = await inTransaction(ctx.db, (tx) => createManifest(tx, { actor, input: request.body }));
    return reply.status(201).send(await getManifestDetail(ctx.db, actor.principal, id));
  });

  app.get('/manifests', {
    schema: { tags, summary: 'Manifests (list convention; manifests_view): the courier\'s, the network\'s for the super admin. Search: number, MAWB, bill of lading', querystring: listQuerySchema, response: { 200: listResponseSchema(manifestListItemSchema) } },
    config: { access: ACCESS.manifestsView },
  }, (request) => listManifests(ctx.db, principalOf(request), request.query));

  app.get('/manifests/:id', {
    schema: { tags, summary: 'A manifest with totals, breakdowns by customer and TRN, its packages and history', params: idParamsSchema, response: { 200: manifestDetailSchema } },
    config: { access: VIEW },
  }, (request) => getManifestDetail(ctx.db, principalOf(request), request.params.id));

  app.patch('/manifests/:id', {
    schema: { tags, summary: 'Edit the header while the manifest is open (manifests_manage; the service stays)', params: idParamsSchema, body: manifestInputSchema, response: { 200: manifestDetailSchema } },
    config: { access: MANAGE },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => editManifest(tx, { actor, manifestId: request.params.id, input: request.body }));
    return getManifestDetail(ctx.db, actor.principal, request.params.id);
  });

  app.post('/manifests/:id/packages', {
    schema: {
      tags, params: idParamsSchema, body: manifestAddPackagesSchema, response: { 200: manifestAddResultSchema },
      summary: 'Load received packages of the manifest\'s service while it is open: package ids and/or scanned package or tracking numbers (manifests_manage). Header Idempotency-Key. Nothing loadable: 409 (on another manifest, sealed) or 422 (not received, unknown, other service, no such number) with the reason',
    },
    config: { access: MANAGE },
  }, async (request) => {
    const actor = actorOf(request);
    const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
    return inTransaction(ctx.db, (tx) => addManifestPackages(tx, { actor, manifestId: request.params.id, input: request.body, idempotencyKey }));
  });

  app.delete('/manifests/:id/packages/:packageId', {
    schema: { tags, summary: 'Take a package off an open manifest; it is Received again (manifests_manage)', params: manifestPackageParamsSchema, response: { 200: manifestDetailSchema } },
    config: { access: { ...ACCESS.manifestsManage, tenant: { id: 'manifest', packageId: 'package' } } },
  }, async (request) => {
    const actor = actorOf(request);
    await inTransaction(ctx.db, (tx) => removeManifestPackage(tx, { actor, manifestId: request.params.id, packageId: request.params.packageId }));
    return getManifestDetail(ctx.db, actor.principal, request.params.id);
  });

  app.post('/manifests/:id/status', {
    schema: {
      tags, params: idParamsSchema, body: manifestStatusChangeSchema, response: { 200: manifestStatusResultSchema },
      summary: 'close (open → closed), reopen (closed → open: courier admin, with a reason), depart (→ in transit), arrive (→ arrived); every package moves with it (manifests_manage; other moves 409)',
    },
    config: { access: MANAGE },
  }, async (request) => {
    const actor = actorOf(request);
    const result = await inTransaction(ctx.db, (tx) => changeManifestStatus(tx, { actor, manifestId: request.params.id, change: request.body, publicUrl: ctx.env.publicUrl }));
    return { ...result, manifest: await getManifestHeader(ctx.db, actor.principal, request.params.id) };
  });

  app.get('/manifests/:id/export', {
    schema: { tags, summary: 'The manifest as PDF, XLSX, CSV, the customs broker CSV, or the packages\' supplier invoices as one ZIP (manifests_view)', params: idParamsSchema, querystring: manifestExportQuerySchema },
    config: { access: VIEW },
  }, async (request, reply) => {
    const manifest = await loadManifest(ctx.db, scopeOf(principalOf(request)), request.params.id);
    const file = await exportManifest(ctx.db, manifest, request.query.format);
    return fileHeaders(reply, file.contentType)
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .send(file.data);
  });
}

