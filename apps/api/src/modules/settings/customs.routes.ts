import { eq } from 'drizzle-orm';
import { estimateCustoms } from '@parceldesk/shared/domain/customs';
import { customsEstimateQuerySchema, customsEstimateSchema, customsOptionsSchema } from '@parceldesk/shared/schemas/pricing-settings';
import type { Access } from '@parceldesk/shared/access';
import type { AppContext, ZodApp } from '../../app-context';
import { customers } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { principalOf } from '../../plugins/auth';
import type { Principal } from '../../lib/principal';
import { loadPricingSnapshot } from './pricing-snapshot';
import { getCustomsSettings } from './pricing-settings.service';

/** Customers and every courier user may estimate; each with their own courier's settings. */
export const CUSTOMS_ACCESS: Access = { roles: ['courier_admin', 'branch_manager', 'staff', 'customer'] };

const tags = ['customs'];

function courierOf(principal: Principal): string {
  if (!principal.courierId) throw notFound();
  return principal.courierId;
}

/**
 * The customs calculator (issue 13): an ESTIMATE of Jamaican customs charges plus the courier's own
 * charges, from the caller's courier's settings (packages/shared/src/domain/customs.ts).
 */
export function customsRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/customs/options', {
    schema: { tags, summary: "What the calculator form offers: the courier's categories, exchange rate and thresholds", response: { 200: customsOptionsSchema } },
    config: { access: CUSTOMS_ACCESS },
  }, async (request) => {
    const courierId = courierOf(principalOf(request));
    const [settings, snapshot] = await Promise.all([getCustomsSettings(ctx.db, courierId), loadPricingSnapshot(ctx.db, courierId)]);
    return {
      categories: settings.categories,
      exchangeRate: snapshot.exchangeRate,
      deMinimisUsdCents: settings.deMinimisUsdCents,
      insuranceAirPercent: settings.insuranceAirPercent,
      insuranceSeaPercent: settings.insuranceSeaPercent,
    };
  });

  app.get('/customs/estimate', {
    schema: {
      tags, summary: 'Estimate customs charges (CIF, duty, SCF, ENVL, stamp duty, GCT) and the courier charges for an item; amounts in cents',
      querystring: customsEstimateQuerySchema, response: { 200: customsEstimateSchema },
    },
    config: { access: CUSTOMS_ACCESS },
  }, async (request) => {
    const principal = principalOf(request);
    const courierId = courierOf(principal);
    const query = request.query;
    let membershipType: string | null = null;
    if (principal.kind === 'customer') {
      const [customer] = await ctx.db.select({ membershipType: customers.membershipType }).from(customers).where(eq(customers.id, principal.id)).limit(1);
      membershipType = customer?.membershipType ?? null;
    }
    const [settings, snapshot] = await Promise.all([getCustomsSettings(ctx.db, courierId), loadPricingSnapshot(ctx.db, courierId)]);
    const result = estimateCustoms({
      itemValueUsdCents: query.itemValueCents,
      shippingCostUsdCents: query.shippingCostCents ?? 0,
      insuranceUsdCents: query.insuranceCents ?? null,
      weightLbs: query.weightLbs,
      service: query.service,
      lengthIn: query.lengthIn ?? null,
      widthIn: query.widthIn ?? null,
      heightIn: query.heightIn ?? null,
      categoryCode: query.category,
      membershipType,
    }, settings, snapshot);
    return { estimate: true as const, ...result };
  });
}
