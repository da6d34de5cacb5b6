import {
  firstNameInitial, normaliseTracking, PACKAGE_STATUS_CUSTOMER_LABELS, PACKAGE_STATUS_NEXT_STEP, trackingMatchKeys, type Carrier, type PackageStatus,
} from '@parceldesk/shared/domain/packages';
import { PACKAGE_MSG, trackParamsSchema, trackQuerySchema, trackingResultSchema, type Service, type TrackingResult } from '@parceldesk/shared/schemas/packages';
import type { AppContext, ZodApp } from '../../app-context';
import type { Database } from '../../db/client';
import { prepareStatement, runPrepared } from '../../db/prepared';
import { notFound, tooManyRequests } from '../../lib/app-error';
import { RATE_LIMIT_HIT_SQL } from '../../security/rate-limit';

type TrackRow = {
  hits: number; package_no: string | null; tracking_number: string; carrier: Carrier; service: Service; status: PackageStatus; received_at: Date;
  courier_name: string; first_name: string | null; events: { status: PackageStatus; at: string }[];
};

/**
 * One round trip, one named prepared statement (issue 11: the public page's p99): the rate-limit
 * hit of the caller's address ($1, window $2 s; RATE_LIMIT_HIT_SQL, the limiter's own SQL) and,
 * while it is within the limit ($3), the courier by its api_key ($4), the package by tracking
 * number under any of its keys ($5) or by package number ($6, stored upper case), each on its own
 * unique index (as one OR the planner read every index entry of the courier: 44 ms on the bench's
 * biggest courier), its status changes, and the customer's first name (only its initial leaves the
 * server). Edits are not part of the public timeline.
 */
const trackStatement = prepareStatement<TrackRow, [string, number, number, string, string[], string[]]>('track-package', `
  with hit as (${RATE_LIMIT_HIT_SQL})
  select hit.hits, t.* from hit left join lateral (
    select p.package_no, p.tracking_number, p.carrier, p.service, p.status, p.received_at, co.name as courier_name, c.first_name,
      coalesce((select json_agg(json_build_object('status', e.status, 'at', e.created_at) order by e.created_at, e.id)
        from package_events e where e.package_id = p.id and e.kind <> 'edit'), '[]'::json) as events
    from couriers co
    cross join lateral (
      (select * from packages where courier_id = co.id and tracking_number = any($5::text[]) limit 1)
      union all
      (select * from packages where courier_id = co.id and package_no = any($6::text[]) limit 1)
      limit 1
    ) p
    left join customers c on c.id = p.customer_id
    where hit.hits <= $3 and co.api_key = $4 and co.status = 'active'
  ) t on true`);

async function trackPackage(db: Database, input: { ip: string; limitPerMinute: number; apiKey: string; number: string }): Promise<TrackingResult> {
  const keys = trackingMatchKeys(input.number);
  const typed = input.number.trim().toUpperCase();
  const packageNos = [...new Set([typed, normaliseTracking(input.number).replace(/^([A-Z0-9]+)P(\d+)$/, '$1-P-$2')])];
  const [row] = await runPrepared(db, trackStatement, [`track:ip:${input.ip}`, 60, input.limitPerMinute, input.apiKey, keys, packageNos]);
  if (!row || row.hits > input.limitPerMinute) throw tooManyRequests();
  if (!row.package_no) throw notFound(PACKAGE_MSG.trackingNotFound);
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
    const result = await trackPackage(ctx.db, { ip: request.ip, limitPerMinute: ctx.env.TRACK_RATE_LIMIT_PER_MINUTE, apiKey: request.query.api_key, number: request.params.number });
    return reply.header('cache-control', 'no-store').send(result);
  });
}
