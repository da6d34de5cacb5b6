import { eq } from 'drizzle-orm';
import { ACCESS, type Access } from '@parceldesk/shared/access';
import { REPORT_PRESET_LABELS } from '@parceldesk/shared/domain/report-range';
import { SERVICE_LABELS } from '@parceldesk/shared/schemas/packages';
import { reportExportQuerySchema, reportParamsSchema, reportQuerySchema, reportResponseSchema, type ReportQuery, type ReportResponse } from '@parceldesk/shared/schemas/reports';
import type { AppContext, ZodApp } from '../../app-context';
import { branches, couriers } from '../../db/schema/index';
import { contentDisposition, fileHeaders } from '../../lib/file-types';
import { principalOf } from '../../plugins/auth';
import { exportReport, type ReportHeading } from './report-exports';
import { runReport } from './reports.service';

const tags = ['reports'];
const VIEW: Access = { ...ACCESS.reports, tenant: { courierId: 'courier', branchId: 'branch' } };

/** Issue 14: reports on screen (GET /reports/{report}) and as files (GET /reports/{report}/export). */
export function reportRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/reports/:report', {
    schema: {
      tags, summary: 'A report for a date range (presets on Jamaica\'s calendar), branch and service; the super admin every courier or one (reports_view)',
      params: reportParamsSchema, querystring: reportQuerySchema, response: { 200: reportResponseSchema },
    },
    config: { access: VIEW },
  }, (request) => runReport(ctx.db, principalOf(request), request.params.report, request.query));

  app.get('/reports/:report/export', {
    schema: { tags, summary: 'The report as XLSX, CSV or PDF (reports_view)', params: reportParamsSchema, querystring: reportExportQuerySchema },
    config: { access: VIEW },
  }, async (request, reply) => {
    const { format, ...query } = request.query;
    const principal = principalOf(request);
    const report = await runReport(ctx.db, principal, request.params.report, query);
    const courierId = principal.role === 'super_admin' ? query.courierId ?? null : principal.courierId;
    const file = await exportReport(report, await headingOf(ctx, courierId, query, report), format);
    return fileHeaders(reply, file.contentType)
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .send(file.data);
  });
}

/** The names above an exported table: the courier, the preset, the branch and service chosen. */
async function headingOf(ctx: AppContext, courierId: string | null, query: ReportQuery, report: ReportResponse): Promise<ReportHeading> {
  const [courier] = courierId ? await ctx.db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, courierId)) : [];
  const [branch] = query.branchId ? await ctx.db.select({ name: branches.name }).from(branches).where(eq(branches.id, query.branchId)) : [];
  const filters: [string, string][] = [['Dates', REPORT_PRESET_LABELS[query.preset]]];
  if (branch) filters.push(['Branch', branch.name]);
  if (query.service) filters.push(['Service', SERVICE_LABELS[query.service]]);
  return { subject: courier?.name ?? (report.scope === 'network' ? 'All couriers' : ''), filters };
}
