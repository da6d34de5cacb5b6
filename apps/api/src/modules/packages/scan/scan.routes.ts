import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import { labelQuerySchema } from '@parceldesk/shared/schemas/packages';
import {
  labelsRequestSchema, scanCustomerQuerySchema, scanCustomersResponseSchema, scanLookupQuerySchema, scanLookupSchema,
} from '@parceldesk/shared/schemas/package-scan';
import type { AppContext, ZodApp } from '../../../app-context';
import { actorOf } from '../../../lib/actor';
import type { Access } from '@parceldesk/shared/access';
import { contentDisposition } from '../../../lib/file-types';
import type { LabelData } from '../labels/label-data';
import { renderLabelsPdf } from '../labels/label-pdf';
import { loadLabels } from '../labels/label-source';
import { renderLabelsZpl } from '../labels/label-zpl';
import { scanCustomers, scanLookup } from './scan-lookup.service';

const tags = ['packages'];

/** The scan station works in one courier's warehouse: its lookups and bulk receive are for that courier's people. */
export const WAREHOUSE_ACCESS: Access = { roles: ['courier_admin', 'branch_manager', 'staff'], permission: 'packages_scan' };

/**
 * The scan station's permission covers its labels too: printing is the last step of receiving
 * (issue 11, "After save: the label prints"), and a clerk who only scans must be able to do it.
 * A super admin may print any courier's. docs/decisions/011-offline-scan-queue.md.
 */
/**
 * The customer search serves both screens that attach a parcel to a customer: the scan station
 * (packages_scan) and the unknown-packages screen's "assign" (packages_unknown), so a clerk who
 * holds either may find the customer without the customers screen's customers_view.
 */
const CUSTOMER_SEARCH_ACCESS: Access = { roles: ['courier_admin', 'branch_manager', 'staff'], permission: ['packages_scan', 'packages_unknown'] };

const LABEL_ACCESS: Access = { roles: ['super_admin', 'courier_admin', 'branch_manager', 'staff'], permission: 'packages_scan' };

async function sendLabels(reply: FastifyReply, labels: LabelData[], format: 'pdf' | 'zpl', baseName: string) {
  const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (format === 'zpl') {
    return reply.headers(headers)
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', `${baseName}.zpl`))
      .send(renderLabelsZpl(labels));
  }
  return reply.headers(headers)
    .header('content-type', 'application/pdf')
    // inline: the browser opens it in its PDF viewer, whose Print button sends it to the label printer.
    .header('content-disposition', contentDisposition('inline', `${baseName}.pdf`))
    .send(await renderLabelsPdf(labels, baseName));
}

/** Scan station lookups and package labels (issue 11). */
export function packageScanRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/packages/scan-lookup', {
    schema: {
      tags, summary: 'Scan station: what a scanned tracking number is (an existing package, a pre-alert, or new)',
      querystring: scanLookupQuerySchema, response: { 200: scanLookupSchema },
    },
    config: { access: WAREHOUSE_ACCESS },
  }, (request) => scanLookup(ctx.db, { scope: actorOf(request).scope, trackingNumber: request.query.trackingNumber }));

  app.get('/packages/scan-customers', {
    schema: {
      tags, summary: 'Scan station and unknown-package assignment: customers by mailbox number (exact) or name, at most 10 (packages_scan or packages_unknown)',
      querystring: scanCustomerQuerySchema, response: { 200: scanCustomersResponseSchema },
    },
    config: { access: CUSTOMER_SEARCH_ACCESS },
  }, async (request) => ({ customers: await scanCustomers(ctx.db, { scope: actorOf(request).scope, search: request.query.search }) }));

  app.post('/packages/labels', {
    schema: {
      tags, summary: '4×6 labels of the selected packages in one file: a multi-page PDF, or ZPL',
      querystring: labelQuerySchema, body: labelsRequestSchema,
      response: { 200: z.any().describe('application/pdf or ZPL text') },
    },
    config: { access: LABEL_ACCESS },
  }, async (request, reply) => {
    const { labels, packageNumbers } = await loadLabels(ctx.db, { scope: actorOf(request).scope, ids: request.body.ids });
    const name = packageNumbers.length === 1 ? `${packageNumbers[0]}-label` : `labels-${packageNumbers.length}-packages`;
    return sendLabels(reply, labels, request.query.format, name);
  });

  app.get('/packages/:id/label', {
    schema: {
      tags, summary: "A package's 4×6 label, one page (or ZPL block) per piece",
      params: idParamsSchema, querystring: labelQuerySchema,
      response: { 200: z.any().describe('application/pdf or ZPL text') },
    },
    config: { access: { ...LABEL_ACCESS, tenant: { id: 'package' } } },
  }, async (request, reply) => {
    const { labels, packageNumbers } = await loadLabels(ctx.db, { scope: actorOf(request).scope, ids: [request.params.id] });
    return sendLabels(reply, labels, request.query.format, `${packageNumbers[0]}-label`);
  });
}
