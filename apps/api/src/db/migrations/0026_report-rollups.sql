-- Issue 14, reports performance (docs/decisions/020-reports.md): daily roll-ups the revenue,
-- payments and parcels reports read instead of a year of invoice lines, payments and parcels.
-- Kept exact by statement triggers on the source tables, in the transaction of every write (issue,
-- a line added after issue, void and replacement, payments and their voiding, parcels received or
-- corrected), so no application path can forget them.
-- A local day is the America/Jamaica calendar day the reports use (lib/local-time.ts).
--
-- Hot rows: every write of a statement becomes one aggregated upsert per key, in key order (so two
-- transactions never take the same rows in opposite orders within a statement), and the key holds
-- a `slot` (the backend's pid mod 8): concurrent issues or payments of one courier on one day land
-- on different rows instead of queueing on one until commit. Readers sum the slots.
CREATE TABLE "report_revenue_daily" (
  "courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE cascade,
  "day" date NOT NULL,
  -- The invoice's branch (the reports' branch filter); no foreign key: the source rows' own
  -- ON DELETE SET NULL moves the figures through the triggers.
  "branch_id" uuid,
  "code" text NOT NULL,
  "slot" smallint NOT NULL DEFAULT 0,
  "lines" integer NOT NULL DEFAULT 0,
  "amount_cents" bigint NOT NULL DEFAULT 0,
  CONSTRAINT "report_revenue_daily_key" UNIQUE NULLS NOT DISTINCT ("courier_id", "day", "branch_id", "code", "slot")
) WITH (fillfactor = 70);--> statement-breakpoint
CREATE TABLE "report_invoices_daily" (
  "courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE cascade,
  "day" date NOT NULL,
  "branch_id" uuid,
  "slot" smallint NOT NULL DEFAULT 0,
  "invoices" integer NOT NULL DEFAULT 0,
  CONSTRAINT "report_invoices_daily_key" UNIQUE NULLS NOT DISTINCT ("courier_id", "day", "branch_id", "slot")
) WITH (fillfactor = 70);--> statement-breakpoint
CREATE TABLE "report_payments_daily" (
  "courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE cascade,
  "day" date NOT NULL,
  "branch_id" uuid,
  "recorded_by" uuid,
  "method" text NOT NULL,
  "slot" smallint NOT NULL DEFAULT 0,
  "payments" integer NOT NULL DEFAULT 0,
  "amount_cents" bigint NOT NULL DEFAULT 0,
  CONSTRAINT "report_payments_daily_key" UNIQUE NULLS NOT DISTINCT ("courier_id", "day", "branch_id", "recorded_by", "method", "slot")
) WITH (fillfactor = 70);--> statement-breakpoint
-- Parcels received: by local day of receipt, collection branch and service, with their weight (lb).
CREATE TABLE "report_parcels_daily" (
  "courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE cascade,
  "day" date NOT NULL,
  "branch_id" uuid,
  "service" text NOT NULL,
  "slot" smallint NOT NULL DEFAULT 0,
  "parcels" integer NOT NULL DEFAULT 0,
  "weight" numeric(16, 2) NOT NULL DEFAULT 0,
  CONSTRAINT "report_parcels_daily_key" UNIQUE NULLS NOT DISTINCT ("courier_id", "day", "branch_id", "service", "slot")
) WITH (fillfactor = 70);--> statement-breakpoint
-- The rows a statement brought (+1) and took away (-1). A trigger with transition tables has one
-- event, so INSERT sees only new_rows and DELETE only old_rows; the functions below pick the source
-- by TG_OP and run it through EXECUTE (a static statement naming a missing table would not plan).
CREATE FUNCTION parceldesk_rollup_source(op text, changed text DEFAULT 'true') RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS sign FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.*, -1 AS sign FROM old_rows o'
    ELSE 'SELECT n.*, 1 AS sign FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ' || changed
      || ' UNION ALL SELECT o.*, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ' || changed
  END
$$;--> statement-breakpoint
-- Revenue: the lines of non-void invoices by the local day they were charged, the invoice's branch
-- and the line's code. Lines of an invoice deleted by the same statement (a cascade) are taken off
-- by the invoice's BEFORE DELETE trigger, so here only lines whose invoice still exists count.
CREATE FUNCTION parceldesk_rollup_invoice_lines() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($q$
    INSERT INTO "report_revenue_daily" AS r ("courier_id", "day", "branch_id", "code", "slot", "lines", "amount_cents")
    SELECT l."courier_id", (l."added_at" AT TIME ZONE 'America/Jamaica')::date AS "day", i."branch_id", l."code", (pg_backend_pid() %% 8)::smallint,
      sum(l.sign), sum(l.sign * l."amount_cents"::bigint)
    FROM (%s) l JOIN "invoices" i ON i."id" = l."invoice_id" AND i."status" <> 'void'
    WHERE EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = l."courier_id")
    GROUP BY 1, 2, 3, 4
    HAVING sum(l.sign) <> 0 OR sum(l.sign * l."amount_cents"::bigint) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT "report_revenue_daily_key"
    DO UPDATE SET "lines" = r."lines" + excluded."lines", "amount_cents" = r."amount_cents" + excluded."amount_cents"
  $q$, parceldesk_rollup_source(TG_OP));
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- Invoices: the count by local day of issue and branch (non-void), and, when an update voids or
-- un-voids an invoice or moves it to another branch, its lines move in or out of the revenue roll-up.
-- Updates that change none of these (a payment turning it paid) find no rows and write nothing.
CREATE FUNCTION parceldesk_rollup_invoices() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  source text := parceldesk_rollup_source(TG_OP, $c$((n.status = 'void') IS DISTINCT FROM (o.status = 'void') OR n.branch_id IS DISTINCT FROM o.branch_id
    OR n.courier_id <> o.courier_id OR n.issued_at <> o.issued_at)$c$);
BEGIN
  EXECUTE format($q$
    INSERT INTO "report_invoices_daily" AS r ("courier_id", "day", "branch_id", "slot", "invoices")
    SELECT i."courier_id", (i."issued_at" AT TIME ZONE 'America/Jamaica')::date, i."branch_id", (pg_backend_pid() %% 8)::smallint, sum(i.sign)
    FROM (%s) i
    WHERE i."status" <> 'void' AND EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = i."courier_id")
    GROUP BY 1, 2, 3
    HAVING sum(i.sign) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT "report_invoices_daily_key" DO UPDATE SET "invoices" = r."invoices" + excluded."invoices"
  $q$, source);
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format($q$
      INSERT INTO "report_revenue_daily" AS r ("courier_id", "day", "branch_id", "code", "slot", "lines", "amount_cents")
      SELECT l."courier_id", (l."added_at" AT TIME ZONE 'America/Jamaica')::date, i."branch_id", l."code", (pg_backend_pid() %% 8)::smallint,
        sum(i.sign), sum(i.sign * l."amount_cents"::bigint)
      FROM (%s) i JOIN "invoice_lines" l ON l."invoice_id" = i."id"
      WHERE i."status" <> 'void' AND EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = l."courier_id")
      GROUP BY 1, 2, 3, 4
      HAVING sum(i.sign) <> 0 OR sum(i.sign * l."amount_cents"::bigint) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "report_revenue_daily_key"
      DO UPDATE SET "lines" = r."lines" + excluded."lines", "amount_cents" = r."amount_cents" + excluded."amount_cents"
    $q$, source);
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- A deleted invoice takes its lines with it (ON DELETE CASCADE), after which the lines' trigger no
-- longer sees the invoice: its lines leave the revenue roll-up here, while they are still there.
CREATE FUNCTION parceldesk_rollup_invoice_deleted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF OLD."status" <> 'void' AND EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = OLD."courier_id") THEN
    INSERT INTO "report_revenue_daily" AS r ("courier_id", "day", "branch_id", "code", "slot", "lines", "amount_cents")
    SELECT l."courier_id", (l."added_at" AT TIME ZONE 'America/Jamaica')::date, OLD."branch_id", l."code", (pg_backend_pid() % 8)::smallint,
      -count(*), -sum(l."amount_cents")
    FROM "invoice_lines" l WHERE l."invoice_id" = OLD."id"
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT "report_revenue_daily_key"
    DO UPDATE SET "lines" = r."lines" + excluded."lines", "amount_cents" = r."amount_cents" + excluded."amount_cents";
  END IF;
  RETURN OLD;
END $fn$;--> statement-breakpoint
-- Payments (the till report): recorded (not void) payments by local day, counter branch, who took
-- them and method. An update that changes none of these cancels out (+1 and -1 on one key).
CREATE FUNCTION parceldesk_rollup_payments() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($q$
    INSERT INTO "report_payments_daily" AS r ("courier_id", "day", "branch_id", "recorded_by", "method", "slot", "payments", "amount_cents")
    SELECT p."courier_id", (p."recorded_at" AT TIME ZONE 'America/Jamaica')::date, p."branch_id", p."recorded_by", p."method", (pg_backend_pid() %% 8)::smallint,
      sum(p.sign), sum(p.sign * p."amount_cents"::bigint)
    FROM (%s) p
    WHERE p."status" = 'recorded' AND EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = p."courier_id")
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(p.sign) <> 0 OR sum(p.sign * p."amount_cents"::bigint) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "report_payments_daily_key"
    DO UPDATE SET "payments" = r."payments" + excluded."payments", "amount_cents" = r."amount_cents" + excluded."amount_cents"
  $q$, parceldesk_rollup_source(TG_OP));
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- Parcels: every parcel by its receipt; a status change (most package updates) changes none of
-- the key or the weight and writes nothing.
CREATE FUNCTION parceldesk_rollup_packages() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($q$
    INSERT INTO "report_parcels_daily" AS r ("courier_id", "day", "branch_id", "service", "slot", "parcels", "weight")
    SELECT p."courier_id", (p."received_at" AT TIME ZONE 'America/Jamaica')::date, p."branch_id", p."service", (pg_backend_pid() %% 8)::smallint,
      sum(p.sign), sum(p.sign * p."weight")
    FROM (%s) p
    WHERE EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = p."courier_id")
    GROUP BY 1, 2, 3, 4
    HAVING sum(p.sign) <> 0 OR sum(p.sign * p."weight") <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT "report_parcels_daily_key"
    DO UPDATE SET "parcels" = r."parcels" + excluded."parcels", "weight" = r."weight" + excluded."weight"
  $q$, parceldesk_rollup_source(TG_OP, $c$(n.courier_id <> o.courier_id OR n.received_at <> o.received_at OR n.branch_id IS DISTINCT FROM o.branch_id
    OR n.service <> o.service OR n.weight <> o.weight)$c$));
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE TRIGGER packages_rollup_insert AFTER INSERT ON "packages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_packages();--> statement-breakpoint
CREATE TRIGGER packages_rollup_update AFTER UPDATE ON "packages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_packages();--> statement-breakpoint
CREATE TRIGGER packages_rollup_delete AFTER DELETE ON "packages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_packages();--> statement-breakpoint
CREATE TRIGGER invoice_lines_rollup_insert AFTER INSERT ON "invoice_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoice_lines();--> statement-breakpoint
CREATE TRIGGER invoice_lines_rollup_update AFTER UPDATE ON "invoice_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoice_lines();--> statement-breakpoint
CREATE TRIGGER invoice_lines_rollup_delete AFTER DELETE ON "invoice_lines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoice_lines();--> statement-breakpoint
CREATE TRIGGER invoices_rollup_insert AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoices();--> statement-breakpoint
CREATE TRIGGER invoices_rollup_update AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoices();--> statement-breakpoint
CREATE TRIGGER invoices_rollup_delete AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_invoices();--> statement-breakpoint
CREATE TRIGGER invoices_rollup_lines_deleted BEFORE DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION parceldesk_rollup_invoice_deleted();--> statement-breakpoint
CREATE TRIGGER payments_rollup_insert AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_payments();--> statement-breakpoint
CREATE TRIGGER payments_rollup_update AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_payments();--> statement-breakpoint
CREATE TRIGGER payments_rollup_delete AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_rollup_payments();--> statement-breakpoint
-- Backfill, after the triggers exist: CREATE TRIGGER holds off writes to the source tables until
-- this migration commits, so no write falls between the backfill and the triggers.
INSERT INTO "report_revenue_daily" ("courier_id", "day", "branch_id", "code", "lines", "amount_cents")
SELECT l."courier_id", (l."added_at" AT TIME ZONE 'America/Jamaica')::date, i."branch_id", l."code", count(*), sum(l."amount_cents")
FROM "invoice_lines" l JOIN "invoices" i ON i."id" = l."invoice_id" AND i."status" <> 'void'
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "report_invoices_daily" ("courier_id", "day", "branch_id", "invoices")
SELECT i."courier_id", (i."issued_at" AT TIME ZONE 'America/Jamaica')::date, i."branch_id", count(*)
FROM "invoices" i WHERE i."status" <> 'void'
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "report_payments_daily" ("courier_id", "day", "branch_id", "recorded_by", "method", "payments", "amount_cents")
SELECT p."courier_id", (p."recorded_at" AT TIME ZONE 'America/Jamaica')::date, p."branch_id", p."recorded_by", p."method", count(*), sum(p."amount_cents")
FROM "payments" p WHERE p."status" = 'recorded'
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO "report_parcels_daily" ("courier_id", "day", "branch_id", "service", "parcels", "weight")
SELECT p."courier_id", (p."received_at" AT TIME ZONE 'America/Jamaica')::date, p."branch_id", p."service", count(*), sum(p."weight")
FROM "packages" p
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Outstanding by age reads the open invoices issued in the range (courier, status, issued_at index,
-- then every row from the table for its amounts); this partial index holds the open ones with
-- their amounts, so a year of the biggest courier is read from the index alone.
CREATE INDEX "invoices_courier_open_issued_idx" ON "invoices" USING btree ("courier_id", "issued_at")
  INCLUDE ("total_cents", "paid_cents", "balance_cents", "branch_id", "customer_id")
  WHERE "status" IN ('unpaid', 'partially_paid');
