import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import { ACCESS, type Access } from '@parceldesk/shared/access';
import { listQuerySchema, listResponseSchema } from '@parceldesk/shared/schemas/list-query';
import {
  addInvoiceLineSchema, INVOICE_MSG, invoiceDetailSchema, invoiceListItemSchema, invoiceNoParamsSchema, invoiceSummarySchema, issueInvoicesResponseSchema,
  issueInvoicesSchema, voidInvoiceResponseSchema, voidInvoiceSchema, type IssueInvoicesResponse,
} from '@parceldesk/shared/schemas/invoices';
import { IDEMPOTENCY_KEY_HEADER } from '@parceldesk/shared/schemas/packages';
import { courierQuerySchema } from '@parceldesk/shared/schemas/tickets';
import type { AppContext, ZodApp } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { invoicePackages, invoices, packages } from '../../db/schema/index';
import { actorOf, type Actor } from '../../lib/actor';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { contentDisposition } from '../../lib/file-types';
import { idempotencyKeyOf, replayOf, rememberAnswer, requestHash } from '../../lib/idempotency';
import { tenantWhere } from '../../lib/tenant-scope';
import { inTransaction } from '../../lib/transaction';
import { principalOf } from '../../plugins/auth';
import { invoiceSummary, listInvoices } from './invoice-lists.service';
import { loadCourierLogo } from './invoice-logo';
import { renderInvoicePdf } from './invoice-pdf';
import { getInvoiceDetail } from './invoice-view';
import { addInvoiceLine, voidInvoice } from './invoice-writes.service';
import { issueInvoicesForPackages, type IssueInvoicesResult } from './issue-invoices.service';

const tags = ['invoices'];
const ONE: Access['tenant'] = { invoiceNo: 'invoice_no', courierId: 'courier' };
const ROUTE = 'POST /invoices';

/** The one courier of the packages named (a super admin may name any courier's, but one at a time); 404 for any not in scope. */
async function courierOfPackages(db: DbOrTx, actor: Actor, ids: readonly string[]): Promise<string> {
  const unique = [...new Set(ids)];
  const rows = await db.select({ id: packages.id, courierId: packages.courierId }).from(packages)
    .where(tenantWhere(packages, { courierId: actor.scope.courierId }, inArray(packages.id, unique)));
  if (rows.length !== unique.length) throw notFound();
  const couriers = new Set(rows.map((row) => row.courierId));
  if (couriers.size !== 1) throw badRequest('Invoice the packages of one courier at a time');
  return rows[0]!.courierId;
}

function answerOf(result: IssueInvoicesResult): { statusCode: 200 | 201; body: IssueInvoicesResponse } {
  const issued = result.issued.map(({ invoiceNumber, packageId, packageNumber, totalCents }) => ({ invoiceNumber, packageId, packageNumber, totalCents }));
  const skipped = result.skipped.map(({ packageId, packageNumber, invoiceNumber, reason }) => ({ packageId, packageNumber, invoiceNumber, reason }));
  const message = issued.length === 0 ? INVOICE_MSG.nothingIssued : issued.length === 1 ? INVOICE_MSG.issuedOne : INVOICE_MSG.issuedMany(issued.length);
  return { statusCode: issued.length > 0 ? 201 : 200, body: { message, issued, skipped } };
}

/** A replay answers what the first request issued: the live invoices of the packages it named. */
async function replayAnswer(db: DbOrTx, courierId: string, ids: readonly string[], statusCode: number): Promise<{ statusCode: 200 | 201; body: IssueInvoicesResponse }> {
  const rows = await db.select({
    invoiceNumber: invoices.invoiceNo, packageId: packages.id, packageNumber: packages.packageNo, totalCents: invoices.totalCents,
  }).from(invoicePackages)
    .innerJoin(invoices, eq(invoices.id, invoicePackages.invoiceId))
    .innerJoin(packages, eq(packages.id, invoicePackages.packageId))
    .where(and(eq(invoicePackages.courierId, courierId), inArray(invoicePackages.packageId, [...ids]), eq(invoicePackages.live, true), eq(invoicePackages.supplementary, false)));
  const message = rows.length === 0 ? INVOICE_MSG.nothingIssued : rows.length === 1 ? INVOICE_MSG.issuedOne : INVOICE_MSG.issuedMany(rows.length);
  return { statusCode: statusCode === 201 ? 201 : 200, body: { message, issued: rows, skipped: [] } };
}

/** Issue 13: invoices issued by hand, lists, detail, PDF, charges added, void and replacement. */
export function invoiceRoutes(app: ZodApp, ctx: AppContext) {
  app.post('/invoices', {
    schema: {
      tags, body: issueInvoicesSchema, response: { 200: issueInvoicesResponseSchema, 201: issueInvoicesResponseSchema },
      summary: 'Issue one invoice per package named, priced from the settings in force (invoices_manage). A package with a live invoice is skipped; header Idempotency-Key makes a retry answer the first result',
    },
    config: { access: ACCESS.invoicesManage },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
    const answer = await inTransaction(ctx.db, async (tx) => {
      const courierId = await courierOfPackages(tx, actor, request.body.packageIds);
      const hash = requestHash(ROUTE, request.body);
      if (key) {
        const replay = await replayOf(tx, { principalId: actor.principal.id, key, hash });
        if (replay) return replayAnswer(tx, courierId, request.body.packageIds, replay.statusCode);
      }
      const result = await issueInvoicesForPackages(tx, { actor, courierId, packageIds: request.body.packageIds, publicUrl: ctx.env.publicUrl });
      // Nothing could be invoiced for a reason the user must fix (no customer, settings that cannot price): say so.
      const problem = result.issued.length === 0 ? result.skipped.find((skip) => skip.kind !== 'invoiced') : undefined;
      if (problem) throw new AppError(problem.kind === 'pricing' ? 422 : 409, `${problem.packageNumber}: ${problem.reason}`);
      const out = answerOf(result);
      if (key) {
        await rememberAnswer(tx, {
          principalId: actor.principal.id, key, hash, courierId, route: ROUTE, statusCode: out.statusCode, outcome: 'issued',
          resourceId: result.issued[0]?.invoiceId ?? request.body.packageIds[0]!,
        });
      }
      return out;
    });
    return reply.status(answer.statusCode).send(answer.body);
  });

  app.get('/invoices', {
    schema: { tags, summary: 'Invoices (list convention; filters status, branchName, courierName, issuedAt range, aging 0-30|31-60|61-90|90+): staff their courier\'s, the super admin the network, a customer their own', querystring: listQuerySchema, response: { 200: listResponseSchema(invoiceListItemSchema) } },
    config: { access: ACCESS.invoicesView },
  }, (request) => listInvoices(ctx.db, principalOf(request), request.query));

  app.get('/invoices/summary', {
    schema: { tags, summary: 'The signed-in customer\'s open invoices and amount due (their dashboard)', response: { 200: invoiceSummarySchema } },
    config: { access: { roles: ['customer'] } },
  }, (request) => invoiceSummary(ctx.db, principalOf(request)));

  app.get('/invoices/:invoiceNo', {
    schema: { tags, summary: 'An invoice with its lines, packages, payments and history; a super admin may name the courier', params: invoiceNoParamsSchema, querystring: courierQuerySchema, response: { 200: invoiceDetailSchema } },
    config: { access: { ...ACCESS.invoicesView, tenant: ONE } },
  }, (request) => getInvoiceDetail(ctx.db, principalOf(request), request.params.invoiceNo, request.query.courierId));

  app.get('/invoices/:invoiceNo/pdf', {
    schema: {
      tags, summary: 'The printable invoice (PDF): logo, customer, packages, lines, GCT, payments, balance, bank details and a Code 128 barcode of its number',
      params: invoiceNoParamsSchema, querystring: courierQuerySchema, response: { 200: z.any().describe('application/pdf') },
    },
    config: { access: { ...ACCESS.invoicesView, tenant: ONE } },
  }, async (request, reply) => {
    const invoice = await getInvoiceDetail(ctx.db, principalOf(request), request.params.invoiceNo, request.query.courierId);
    const pdf = await renderInvoicePdf({ invoice, courierName: invoice.courierName, logo: await loadCourierLogo(ctx.db, invoice.courierId) });
    return reply.headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('inline', `${invoice.invoiceNumber}.pdf`))
      .send(pdf);
  });

  app.post('/invoices/:invoiceNo/lines', {
    schema: {
      tags, summary: 'Add a charge (assessed duty, storage, delivery) to an unpaid invoice (invoices_manage): audited, in its history, the customer told; 409 once any payment exists',
      params: invoiceNoParamsSchema, querystring: courierQuerySchema, body: addInvoiceLineSchema, response: { 201: invoiceDetailSchema },
    },
    config: { access: { ...ACCESS.invoicesManage, tenant: ONE } },
  }, async (request, reply) => {
    const actor = actorOf(request);
    const invoice = await inTransaction(ctx.db, (tx) => addInvoiceLine(tx, {
      actor, invoiceNo: request.params.invoiceNo, courierId: request.query.courierId, line: request.body, publicUrl: ctx.env.publicUrl,
    }));
    return reply.status(201).send(await getInvoiceDetail(ctx.db, actor.principal, invoice.invoiceNo, invoice.courierId));
  });

  app.post('/invoices/:invoiceNo/void', {
    schema: {
      tags, summary: 'Void an invoice with a reason (courier admin) and issue its replacement, re-priced; 409 while payments are allocated to it',
      params: invoiceNoParamsSchema, querystring: courierQuerySchema, body: voidInvoiceSchema, response: { 200: voidInvoiceResponseSchema },
    },
    config: { access: { ...ACCESS.invoicesVoid, tenant: ONE } },
  }, async (request) => {
    const actor = actorOf(request);
    const { voided, replacementNo } = await inTransaction(ctx.db, (tx) => voidInvoice(tx, {
      actor, invoiceNo: request.params.invoiceNo, courierId: request.query.courierId, reason: request.body.reason, publicUrl: ctx.env.publicUrl,
    }));
    return { message: INVOICE_MSG.voided(replacementNo), voidedInvoiceNumber: voided.invoiceNo, replacementInvoiceNumber: replacementNo };
  });
}
