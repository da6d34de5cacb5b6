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
--> statement-breakpoint
-- The super admin's recent activity is the network's newest history rows: without a courier the
-- (courier_id, created_at, id) index of migration 0018 does not serve it, and the statement sorted
-- all of the history (374 ms median at the dashboards bench, load 16).
CREATE INDEX "package_events_created_idx" ON "package_events" USING btree ("created_at", "id");--> statement-breakpoint
-- (3) Revenue with a service filter (docs/decisions/020-reports.md): an invoice counts under a
-- service when it bills a parcel of that service (invoice_packages), so an invoice of an air and a
-- sea parcel counts under both. report_invoice_services holds how many of each invoice's parcels
-- are of each service; when a service appears on an invoice (0 → 1) or leaves it (1 → 0) the
-- invoice's lines and the invoice itself move in or out of the service roll-ups. The triggers on
-- invoice_lines and invoices then add each later line, void or move once per service the invoice has.
CREATE TABLE "report_invoice_services" (
  "invoice_id" uuid NOT NULL REFERENCES "invoices"("id") ON DELETE cascade,
  "service" text NOT NULL,
  "packages" integer NOT NULL DEFAULT 0,
  CONSTRAINT "report_invoice_services_pk" PRIMARY KEY ("invoice_id", "service")
);--> statement-breakpoint
CREATE TABLE "report_revenue_service_daily" (
  "courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE cascade,
  "day" date NOT NULL,
  "branch_id" uuid,
  "service" text NOT NULL,
  "code" text NOT NULL,
  "slot" smallint NOT NULL DEFAULT 0,
  "lines" integer NOT NULL DEFAULT 0,
  "amount_cents" bigint NOT NULL DEFAULT 0,
  CONSTRAINT "report_revenue_service_daily_key" UNIQUE NULLS NOT DISTINCT ("courier_id", "day", "branch_id", "service", "code", "slot")
) WITH (fillfactor = 70);--> statement-breakpoint
CREATE TABLE "report_invoices_service_daily" (
  "courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE cascade,
  "day" date NOT NULL,
  "branch_id" uuid,
  "service" text NOT NULL,
  "slot" smallint NOT NULL DEFAULT 0,
  "invoices" integer NOT NULL DEFAULT 0,
  CONSTRAINT "report_invoices_service_daily_key" UNIQUE NULLS NOT DISTINCT ("courier_id", "day", "branch_id", "service", "slot")
) WITH (fillfactor = 70);--> statement-breakpoint
-- Applies (invoice_id, service, delta) triples to report_invoice_services and moves the invoices
-- whose service appeared or left. Arrays, because a called function does not see the calling
-- trigger's transition tables.
CREATE FUNCTION parceldesk_apply_invoice_services(invoice_ids uuid[], services text[], deltas integer[]) RETURNS void LANGUAGE sql AS $fn$
  WITH d AS (
    SELECT x.invoice_id, x.service, sum(x.delta)::int AS delta FROM unnest(invoice_ids, services, deltas) AS x(invoice_id, service, delta)
    WHERE EXISTS (SELECT 1 FROM "invoices" i WHERE i."id" = x.invoice_id)
    GROUP BY 1, 2 HAVING sum(x.delta) <> 0
  ), up AS (
    INSERT INTO "report_invoice_services" AS s ("invoice_id", "service", "packages")
    SELECT d.invoice_id, d.service, d.delta FROM d ORDER BY 1, 2
    ON CONFLICT ("invoice_id", "service") DO UPDATE SET "packages" = s."packages" + excluded."packages"
    RETURNING s."invoice_id", s."service", s."packages"
  ), flip AS (
    SELECT up."invoice_id", up."service", CASE WHEN up."packages" > 0 THEN 1 ELSE -1 END AS sign
    FROM up JOIN d ON d.invoice_id = up."invoice_id" AND d.service = up."service"
    WHERE (up."packages" > 0) <> (up."packages" - d.delta > 0)
  ), lines AS (
    INSERT INTO "report_revenue_service_daily" AS r ("courier_id", "day", "branch_id", "service", "code", "slot", "lines", "amount_cents")
    SELECT l."courier_id", (l."added_at" AT TIME ZONE 'America/Jamaica')::date, i."branch_id", f."service", l."code", (pg_backend_pid() % 8)::smallint,
      sum(f.sign), sum(f.sign * l."amount_cents"::bigint)
    FROM flip f JOIN "invoices" i ON i."id" = f."invoice_id" AND i."status" <> 'void' JOIN "invoice_lines" l ON l."invoice_id" = i."id"
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(f.sign) <> 0 OR sum(f.sign * l."amount_cents"::bigint) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "report_revenue_service_daily_key"
    DO UPDATE SET "lines" = r."lines" + excluded."lines", "amount_cents" = r."amount_cents" + excluded."amount_cents"
  )
  INSERT INTO "report_invoices_service_daily" AS r ("courier_id", "day", "branch_id", "service", "slot", "invoices")
  SELECT i."courier_id", (i."issued_at" AT TIME ZONE 'America/Jamaica')::date, i."branch_id", f."service", (pg_backend_pid() % 8)::smallint, sum(f.sign)
  FROM flip f JOIN "invoices" i ON i."id" = f."invoice_id" AND i."status" <> 'void'
  GROUP BY 1, 2, 3, 4
  HAVING sum(f.sign) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT "report_invoices_service_daily_key" DO UPDATE SET "invoices" = r."invoices" + excluded."invoices"
$fn$;--> statement-breakpoint
-- A parcel put on or taken off an invoice (rows of an invoice deleted with it are skipped: the
-- invoice's BEFORE DELETE trigger took its figures out). An update counts its old rows out and its
-- new rows in; rows that did not move cancel out.
CREATE FUNCTION parceldesk_rollup_invoice_packages() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ids uuid[];
  svcs text[];
  ds integer[];
BEGIN
  EXECUTE format('SELECT array_agg(ip.invoice_id), array_agg(p."service"), array_agg(ip.sign) FROM (%s) ip JOIN "packages" p ON p."id" = ip.package_id',
    CASE TG_OP WHEN 'INSERT' THEN 'SELECT n.*, 1 AS sign FROM new_rows n' WHEN 'DELETE' THEN 'SELECT o.*, -1 AS sign FROM old_rows o'
      ELSE 'SELECT n.*, 1 AS sign FROM new_rows n UNION ALL SELECT o.*, -1 AS sign FROM old_rows o' END) INTO ids, svcs, ds;
  IF ids IS NOT NULL THEN
    PERFORM parceldesk_apply_invoice_services(ids, svcs, ds);
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- A parcel's service corrected while it is on an invoice.
CREATE FUNCTION parceldesk_rollup_package_service() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ids uuid[];
  svcs text[];
  ds integer[];
BEGIN
  SELECT array_agg(m.invoice_id), array_agg(m.service), array_agg(m.delta) INTO ids, svcs, ds FROM (
    SELECT ip."invoice_id", n."service", 1 AS delta FROM new_rows n JOIN old_rows o ON o."id" = n."id" AND o."service" <> n."service" JOIN "invoice_packages" ip ON ip."package_id" = n."id"
    UNION ALL
    SELECT ip."invoice_id", o."service", -1 FROM new_rows n JOIN old_rows o ON o."id" = n."id" AND o."service" <> n."service" JOIN "invoice_packages" ip ON ip."package_id" = n."id"
  ) m;
  IF ids IS NOT NULL THEN
    PERFORM parceldesk_apply_invoice_services(ids, svcs, ds);
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- Lines added, changed or removed: once per service their invoice has.
CREATE FUNCTION parceldesk_rollup_invoice_lines_service() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($q$
    INSERT INTO "report_revenue_service_daily" AS r ("courier_id", "day", "branch_id", "service", "code", "slot", "lines", "amount_cents")
    SELECT l."courier_id", (l."added_at" AT TIME ZONE 'America/Jamaica')::date, i."branch_id", s."service", l."code", (pg_backend_pid() %% 8)::smallint,
      sum(l.sign), sum(l.sign * l."amount_cents"::bigint)
    FROM (%s) l JOIN "invoices" i ON i."id" = l."invoice_id" AND i."status" <> 'void'
      JOIN "report_invoice_services" s ON s."invoice_id" = l."invoice_id" AND s."packages" > 0
    WHERE EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = l."courier_id")
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(l.sign) <> 0 OR sum(l.sign * l."amount_cents"::bigint) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "report_revenue_service_daily_key"
    DO UPDATE SET "lines" = r."lines" + excluded."lines", "amount_cents" = r."amount_cents" + excluded."amount_cents"
  $q$, parceldesk_rollup_source(TG_OP));
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- An invoice voided, un-voided, moved to another branch, courier or issue day: its count and its
-- lines move once per service it has. (Inserted invoices have no parcels yet; a deleted one is
-- taken out by its BEFORE DELETE trigger below.)
CREATE FUNCTION parceldesk_rollup_invoices_service() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  source text := parceldesk_rollup_source(TG_OP, $c$((n.status = 'void') IS DISTINCT FROM (o.status = 'void') OR n.branch_id IS DISTINCT FROM o.branch_id
    OR n.courier_id <> o.courier_id OR n.issued_at <> o.issued_at)$c$);
BEGIN
  EXECUTE format($q$
    WITH moved AS (
      SELECT i.*, s."service" FROM (%s) i JOIN "report_invoice_services" s ON s."invoice_id" = i."id" AND s."packages" > 0
      WHERE i."status" <> 'void' AND EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = i."courier_id")
    ), counted AS (
      INSERT INTO "report_invoices_service_daily" AS r ("courier_id", "day", "branch_id", "service", "slot", "invoices")
      SELECT m."courier_id", (m."issued_at" AT TIME ZONE 'America/Jamaica')::date, m."branch_id", m."service", (pg_backend_pid() %% 8)::smallint, sum(m.sign)
      FROM moved m GROUP BY 1, 2, 3, 4 HAVING sum(m.sign) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "report_invoices_service_daily_key" DO UPDATE SET "invoices" = r."invoices" + excluded."invoices"
    )
    INSERT INTO "report_revenue_service_daily" AS r ("courier_id", "day", "branch_id", "service", "code", "slot", "lines", "amount_cents")
    SELECT l."courier_id", (l."added_at" AT TIME ZONE 'America/Jamaica')::date, m."branch_id", m."service", l."code", (pg_backend_pid() %% 8)::smallint,
      sum(m.sign), sum(m.sign * l."amount_cents"::bigint)
    FROM moved m JOIN "invoice_lines" l ON l."invoice_id" = m."id"
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(m.sign) <> 0 OR sum(m.sign * l."amount_cents"::bigint) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "report_revenue_service_daily_key"
    DO UPDATE SET "lines" = r."lines" + excluded."lines", "amount_cents" = r."amount_cents" + excluded."amount_cents"
  $q$, source);
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE FUNCTION parceldesk_rollup_invoice_deleted_service() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF OLD."status" <> 'void' AND EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = OLD."courier_id") THEN
    INSERT INTO "report_revenue_service_daily" AS r ("courier_id", "day", "branch_id", "service", "code", "slot", "lines", "amount_cents")
    SELECT l."courier_id", (l."added_at" AT TIME ZONE 'America/Jamaica')::date, OLD."branch_id", s."service", l."code", (pg_backend_pid() % 8)::smallint,
      -count(*), -sum(l."amount_cents")
    FROM "invoice_lines" l JOIN "report_invoice_services" s ON s."invoice_id" = OLD."id" AND s."packages" > 0
    WHERE l."invoice_id" = OLD."id"
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "report_revenue_service_daily_key"
    DO UPDATE SET "lines" = r."lines" + excluded."lines", "amount_cents" = r."amount_cents" + excluded."amount_cents";
    INSERT INTO "report_invoices_service_daily" AS r ("courier_id", "day", "branch_id", "service", "slot", "invoices")
    SELECT OLD."courier_id", (OLD."issued_at" AT TIME ZONE 'America/Jamaica')::date, OLD."branch_id", s."service", (pg_backend_pid() % 8)::smallint, -1
    FROM "report_invoice_services" s WHERE s."invoice_id" = OLD."id" AND s."packages" > 0
    ORDER BY 4
    ON CONFLICT ON CONSTRAINT "report_invoices_service_daily_key" DO UPDATE SET "invoices" = r."invoices" + excluded."invoices";
  END IF;
  RETURN OLD;
END $fn$;--> statement-breakpoint
CREATE TRIGGER invoice_packages_rollup_insert AFTER INSERT ON "invoice_packages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoice_packages();--> statement-breakpoint
CREATE TRIGGER invoice_packages_rollup_update AFTER UPDATE ON "invoice_packages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoice_packages();--> statement-breakpoint
CREATE TRIGGER invoice_packages_rollup_delete AFTER DELETE ON "invoice_packages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoice_packages();--> statement-breakpoint
CREATE TRIGGER packages_rollup_service AFTER UPDATE ON "packages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_package_service();--> statement-breakpoint
CREATE TRIGGER invoice_lines_rollup_service_insert AFTER INSERT ON "invoice_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoice_lines_service();--> statement-breakpoint
CREATE TRIGGER invoice_lines_rollup_service_update AFTER UPDATE ON "invoice_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoice_lines_service();--> statement-breakpoint
CREATE TRIGGER invoice_lines_rollup_service_delete AFTER DELETE ON "invoice_lines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoice_lines_service();--> statement-breakpoint
CREATE TRIGGER invoices_rollup_service_update AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoices_service();--> statement-breakpoint
CREATE TRIGGER invoices_rollup_service_deleted BEFORE DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION parceldesk_rollup_invoice_deleted_service();--> statement-breakpoint
INSERT INTO "report_invoice_services" ("invoice_id", "service", "packages")
SELECT ip."invoice_id", p."service", count(*) FROM "invoice_packages" ip JOIN "packages" p ON p."id" = ip."package_id" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "report_revenue_service_daily" ("courier_id", "day", "branch_id", "service", "code", "lines", "amount_cents")
SELECT l."courier_id", (l."added_at" AT TIME ZONE 'America/Jamaica')::date, i."branch_id", s."service", l."code", count(*), sum(l."amount_cents")
FROM "invoice_lines" l JOIN "invoices" i ON i."id" = l."invoice_id" AND i."status" <> 'void' JOIN "report_invoice_services" s ON s."invoice_id" = i."id"
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO "report_invoices_service_daily" ("courier_id", "day", "branch_id", "service", "invoices")
SELECT i."courier_id", (i."issued_at" AT TIME ZONE 'America/Jamaica')::date, i."branch_id", s."service", count(*)
FROM "invoices" i JOIN "report_invoice_services" s ON s."invoice_id" = i."id" WHERE i."status" <> 'void'
GROUP BY 1, 2, 3, 4;
