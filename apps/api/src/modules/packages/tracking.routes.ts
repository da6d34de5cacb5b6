import { sql } from 'drizzle-orm';
import {
  firstNameInitial, normaliseTracking, PACKAGE_STATUS_CUSTOMER_LABELS, PACKAGE_STATUS_NEXT_STEP, trackingMatchKeys, type Carrier, type PackageStatus,
} from '@parceldesk/shared/domain/packages';
import { PACKAGE_MSG, trackParamsSchema, trackQuerySchema, trackingResultSchema, type Service, type TrackingResult } from '@parceldesk/shared/schemas/packages';
import type { AppContext, ZodApp } from '../../app-context';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';

type TrackRow = {
  package_no: string; tracking_number: string; carrier: Carrier; service: Service; status: PackageStatus; received_at: Date;
  courier_name: string; first_name: string | null; events: { status: PackageStatus; at: string }[];
};

/**
 * One round trip: the courier by its api_key, the package by package number or tracking number
 * (any spelling, USPS routing prefix included), its status changes, and the customer's first name
 * (only its initial leaves the server). Edits are not part of the public timeline.
 */
async function trackPackage(db: DbOrTx, apiKey: string, number: string): Promise<TrackingResult> {
  const keys = trackingMatchKeys(number);
  const packageNo = normaliseTracking(number).replace(/^([A-Z0-9]+)P(\d+)$/, '$1-P-$2');
  const result = await db.execute<TrackRow>(sql`
    select p.package_no, p.tracking_number, p.carrier, p.service, p.status, p.received_at, co.name as courier_name, c.first_name,
      coalesce((select json_agg(json_build_object('status', e.status, 'at', e.created_at) order by e.created_at, e.id)
        from package_events e where e.package_id = p.id and e.kind <> 'edit'), '[]'::json) as events
    from couriers co
    join packages p on p.courier_id = co.id
    left join customers c on c.id = p.customer_id
    where co.api_key = ${apiKey} and co.status = 'active'
      and (p.tracking_number in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)}) or upper(p.package_no) = ${number.trim().toUpperCase()} or upper(p.package_no) = ${packageNo})
    limit 1`);
  const row = result.rows[0];
  if (!row) throw notFound(PACKAGE_MSG.trackingNotFound);
  return {
    packageNumber: row.package_no, trackingNumber: row.tracking_number, carrier: row.carrier, service: row.service, status: row.status,
    statusLabel: PACKAGE_STATUS_CUSTOMER_LABELS[row.status], nextStep: PACKAGE_STATUS_NEXT_STEP[row.status],
    recipientInitial: firstNameInitial(row.first_name), courierName: row.courier_name, receivedAt: new Date(row.received_at).toISOString(),
    events: row.events.map((e) => ({ status: e.status, label: PACKAGE_STATUS_CUSTOMER_LABELS[e.status], location: null, at: new Date(e.at).toISOString() })),
  };
}

/** GET /track/{number}?api_key= (issue 11): the public tracking page's lookup, rate-limited per IP. */
export function trackingRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/track/:number', {
    schema: {
      tags: ['packages'], params: trackParamsSchema, querystring: trackQuerySchema, response: { 200: trackingResultSchema },
      summary: 'Public tracking by tracking or package number within the courier of api_key: the status timeline in customer wording, no personal data beyond a first-name initial',
    },
    config: { access: { public: true, tenant: { number: 'tracking_number' } } },
  }, async (request, reply) => {
    await ctx.limiter.checkWithin(`track:ip:${request.ip}`, ctx.env.TRACK_RATE_LIMIT_PER_MINUTE, 60);
    const result = await trackPackage(ctx.db, request.query.api_key, request.params.number);
    return reply.header('cache-control', 'no-store').send(result);
  });
}
