-- Issue 14, dashboards: "recent activity" is a courier's newest package history rows. Without this
-- index the bench seed's biggest courier (200,000 parcels, one history row each) took 491 ms to
-- find its newest eight; with it 2 ms (measured, docs/decisions/022-dashboards.md).
CREATE INDEX IF NOT EXISTS "package_events_courier_created_idx" ON "package_events" USING btree ("courier_id","created_at","id");
