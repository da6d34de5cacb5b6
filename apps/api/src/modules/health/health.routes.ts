import { sql } from 'drizzle-orm';
import { healthSchema } from '@parceldesk/shared/schemas/common';
import type { AppContext, ZodApp } from '../../app-context';
import { PUBLIC } from '@parceldesk/shared/access';


export function healthRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/health', {
    schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: healthSchema, 503: healthSchema } },
    config: { access: PUBLIC },
  }, async (_request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'up' as const };
    } catch {
      return reply.status(503).send({ status: 'degraded' as const, database: 'down' as const });
    }
  });
}
