import { and, eq, sql } from 'drizzle-orm';
import { idParamsSchema } from '@parceldesk/shared/schemas/common';
import type { AppContext, ZodApp } from '../../app-context';
import { packageClaims, packageFiles, packages, preAlerts, storedFiles } from '../../db/schema/index';
import { principalOf } from '../../plugins/auth';
import { notFound } from '../../lib/app-error';
import { scopeOf, tenantWhere } from '../../lib/tenant-scope';
import { sendStoredFile } from '../../lib/file-types';

/**
 * GET /package-files/{id}: an invoice, photo or claim proof, for the customer whose package,
 * pre-alert or claim it belongs to, and for staff of the courier who may see packages.
 */
export function packageFileRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/package-files/:id', {
    schema: { tags: ['packages'], summary: 'A package document or photo (the owner, or staff with packages_view)', params: idParamsSchema },
    config: { access: { roles: ['super_admin', 'courier_admin', 'branch_manager', 'staff', 'customer'], permission: 'packages_view', tenant: { id: 'package_file' } } },
  }, async (request, reply) => {
    const principal = principalOf(request);
    const owner = sql<string | null>`coalesce(${packageClaims.customerId}, ${preAlerts.customerId}, ${packages.customerId})`;
    const scope = principal.kind === 'customer' ? { courierId: principal.courierId } : scopeOf(principal);
    const [file] = await ctx.db.select({ fileName: storedFiles.fileName, contentType: storedFiles.contentType, data: storedFiles.data, owner })
      .from(packageFiles)
      .innerJoin(storedFiles, eq(storedFiles.id, packageFiles.storedFileId))
      .leftJoin(packages, eq(packages.id, packageFiles.packageId))
      .leftJoin(preAlerts, eq(preAlerts.id, packageFiles.preAlertId))
      .leftJoin(packageClaims, eq(packageClaims.id, packageFiles.claimId))
      .where(and(tenantWhere(packageFiles, scope), eq(packageFiles.id, request.params.id)))
      .limit(1);
    if (!file || (principal.kind === 'customer' && file.owner !== principal.id)) throw notFound();
    return sendStoredFile(reply, file);
  });
}
