-- Issue 14, dashboards and the unknown/uncollected report (docs/decisions/022-dashboards.md):
-- (1) packages.ready_since, stored, instead of two correlated history lookups per waiting parcel;
-- (2) counters the dashboards read instead of counting a courier's 200,000 parcels per request:
-- parcels per (courier, branch, status) and open invoices per (courier, day of issue), kept by
-- statement triggers in the style of migration 0026 (transition tables, one aggregated upsert per
-- key in key order, a `slot` per backend so concurrent writers mostly upsert different rows).
ALTER TABLE "packages" ADD COLUMN "ready_since" timestamp with time zone;--> statement-breakpoint
-- When the parcel became ready for pickup; null while it is at any other status. Set by a row
-- trigger, not by the application: pickups, manifests, reconciliation, delivery, the packing
-- system and the packages module all change a parcel's status, and none of them may forget it.
-- now() is the transaction's start, the same instant as the history row the change writes.
-- An edit while it waits (status unchanged) keeps the clock; a write that names ready_since
-- itself (a correction, a test) is kept.
CREATE FUNCTION parceldesk_package_ready_since() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW."status" <> 'ready_for_pickup' THEN
    NEW."ready_since" := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    NEW."ready_since" := coalesce(NEW."ready_since", now());
  ELSIF OLD."status" <> 'ready_for_pickup' AND NEW."ready_since" IS NOT DISTINCT FROM OLD."ready_since" THEN
    NEW."ready_since" := now();
  ELSIF NEW."ready_since" IS NULL THEN
    NEW."ready_since" := coalesce(OLD."ready_since", now());
  END IF;
  RETURN NEW;
END $fn$;--> statement-breakpoint
CREATE TRIGGER packages_ready_since_insert BEFORE INSERT ON "packages" FOR EACH ROW
  WHEN (NEW."status" = 'ready_for_pickup' OR NEW."ready_since" IS NOT NULL) EXECUTE FUNCTION parceldesk_package_ready_since();--> statement-breakpoint
CREATE TRIGGER packages_ready_since_update BEFORE UPDATE OF "status", "ready_since" ON "packages" FOR EACH ROW
  WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."ready_since" IS DISTINCT FROM NEW."ready_since") EXECUTE FUNCTION parceldesk_package_ready_since();--> statement-breakpoint
-- Backfill from the history, by the rule lib/ready-since.ts used to compute on every read: the
-- first history row at ready_for_pickup after the last row at any other status; a parcel set ready
-- without a history row counts from its last update.
UPDATE "packages" p SET "ready_since" = coalesce(
  (SELECT min(pe."created_at") FROM "package_events" pe WHERE pe."package_id" = p."id" AND pe."status" = 'ready_for_pickup'
    AND pe."created_at" > coalesce((SELECT max(po."created_at") FROM "package_events" po WHERE po."package_id" = p."id" AND po."status" <> 'ready_for_pickup'), '-infinity'::timestamptz)),
  p."updated_at")
WHERE p."status" = 'ready_for_pickup';--> statement-breakpoint
-- The Uncollected list, its sweep, the dashboard's uncollected figure and the report: a courier's
-- waiting parcels oldest first, with what their filters read.
CREATE INDEX "packages_courier_ready_since_idx" ON "packages" USING btree ("courier_id", "ready_since")
  INCLUDE ("customer_id", "branch_id") WHERE "status" = 'ready_for_pickup';--> statement-breakpoint
-- Parcels per courier, the parcel's own branch and status (the dashboards' "by status", ready,
-- unknown, in transit; the super admin's per-courier sums). Readers sum the slots.
CREATE TABLE "dashboard_package_counts" (
  "courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE cascade,
  -- No foreign key: the parcels' own ON DELETE SET NULL moves the counts through the trigger.
  "branch_id" uuid,
  "status" text NOT NULL,
  "slot" smallint NOT NULL DEFAULT 0,
  "packages" integer NOT NULL DEFAULT 0,
  CONSTRAINT "dashboard_package_counts_key" UNIQUE NULLS NOT DISTINCT ("courier_id", "branch_id", "status", "slot")
) WITH (fillfactor = 70);--> statement-breakpoint
-- Open (unpaid, part-paid) invoices per courier and Jamaica day of issue: the unpaid total, count
-- and aging of a courier-wide or network reader (a branch reader's figures follow their customers'
-- branch, which can change, and are read from the invoices).
CREATE TABLE "dashboard_open_invoices" (
  "courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE cascade,
  "day" date NOT NULL,
  "slot" smallint NOT NULL DEFAULT 0,
  "invoices" integer NOT NULL DEFAULT 0,
  "balance_cents" bigint NOT NULL DEFAULT 0,
  CONSTRAINT "dashboard_open_invoices_key" UNIQUE ("courier_id", "day", "slot")
) WITH (fillfactor = 70);--> statement-breakpoint
-- A status move, a branch change or a courier change of a parcel; every other update (an edit, the
-- ready_since clock) finds no rows and writes nothing.
CREATE FUNCTION parceldesk_count_packages() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($q$
    INSERT INTO "dashboard_package_counts" AS r ("courier_id", "branch_id", "status", "slot", "packages")
    SELECT p."courier_id", p."branch_id", p."status", (pg_backend_pid() %% 8)::smallint, sum(p.sign)
    FROM (%s) p
    WHERE EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = p."courier_id")
    GROUP BY 1, 2, 3
    HAVING sum(p.sign) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT "dashboard_package_counts_key" DO UPDATE SET "packages" = r."packages" + excluded."packages"
  $q$, parceldesk_rollup_source(TG_OP, $c$(n.courier_id <> o.courier_id OR n.status <> o.status OR n.branch_id IS DISTINCT FROM o.branch_id)$c$));
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- An invoice opened (issued), paid down, paid, voided, re-dated or deleted.
CREATE FUNCTION parceldesk_count_open_invoices() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($q$
    INSERT INTO "dashboard_open_invoices" AS r ("courier_id", "day", "slot", "invoices", "balance_cents")
    SELECT i."courier_id", (i."issued_at" AT TIME ZONE 'America/Jamaica')::date, (pg_backend_pid() %% 8)::smallint, sum(i.sign), sum(i.sign * i."balance_cents"::bigint)
    FROM (%s) i
    WHERE i."status" IN ('unpaid', 'partially_paid') AND EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = i."courier_id")
    GROUP BY 1, 2
    HAVING sum(i.sign) <> 0 OR sum(i.sign * i."balance_cents"::bigint) <> 0
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT "dashboard_open_invoices_key"
    DO UPDATE SET "invoices" = r."invoices" + excluded."invoices", "balance_cents" = r."balance_cents" + excluded."balance_cents"
  $q$, parceldesk_rollup_source(TG_OP, $c$(n.status <> o.status OR n.balance_cents <> o.balance_cents OR n.courier_id <> o.courier_id OR n.issued_at <> o.issued_at)$c$));
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE TRIGGER packages_count_insert AFTER INSERT ON "packages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_count_packages();--> statement-breakpoint
CREATE TRIGGER packages_count_update AFTER UPDATE ON "packages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_count_packages();--> statement-breakpoint
CREATE TRIGGER packages_count_delete AFTER DELETE ON "packages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_count_packages();--> statement-breakpoint
CREATE TRIGGER invoices_count_open_insert AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_count_open_invoices();--> statement-breakpoint
CREATE TRIGGER invoices_count_open_update AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_count_open_invoices();--> statement-breakpoint
CREATE TRIGGER invoices_count_open_delete AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_count_open_invoices();--> statement-breakpoint
-- Backfill after the triggers exist (CREATE TRIGGER holds writes off until this migration commits).
INSERT INTO "dashboard_package_counts" ("courier_id", "branch_id", "status", "packages")
SELECT p."courier_id", p."branch_id", p."status", count(*) FROM "packages" p GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "dashboard_open_invoices" ("courier_id", "day", "invoices", "balance_cents")
SELECT i."courier_id", (i."issued_at" AT TIME ZONE 'America/Jamaica')::date, count(*), sum(i."balance_cents")
FROM "invoices" i WHERE i."status" IN ('unpaid', 'partially_paid') GROUP BY 1, 2;
