-- Issue 13 (an arrival's invoices in under 3 s, with a courier's history behind them): the revenue
-- roll-ups of an invoice_lines statement joined its rows to "invoices" (and to the invoices' services)
-- with a plain join. For the 15,000 lines of a 5,000-parcel arrival the planner hashed the whole
-- invoices table: 617 ms of a 1,395 ms insert at 1,000,000 invoices (docs/decisions/018). The lines
-- are now summed per invoice first, and each invoice (and its services) looked up by primary key
-- (a LATERAL subquery kept apart by OFFSET 0, which the planner cannot turn into a hash join), so the
-- cost follows the statement's invoices, not the table. Same rows, same sums.
CREATE OR REPLACE FUNCTION parceldesk_rollup_invoice_lines() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($q$
    INSERT INTO "report_revenue_daily" AS r ("courier_id", "day", "branch_id", "code", "slot", "lines", "amount_cents")
    SELECT l."courier_id", l."day", i."branch_id", l."code", (pg_backend_pid() %% 8)::smallint, sum(l."lines"), sum(l."amount")
    FROM (
      SELECT s."courier_id", (s."added_at" AT TIME ZONE 'America/Jamaica')::date AS "day", s."invoice_id", s."code",
        sum(s.sign) AS "lines", sum(s.sign * s."amount_cents"::bigint) AS "amount"
      FROM (%s) s GROUP BY 1, 2, 3, 4
    ) l
      CROSS JOIN LATERAL (SELECT iv."branch_id" FROM "invoices" iv WHERE iv."id" = l."invoice_id" AND iv."status" <> 'void' OFFSET 0) i
    WHERE EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = l."courier_id")
    GROUP BY 1, 2, 3, 4
    HAVING sum(l."lines") <> 0 OR sum(l."amount") <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT "report_revenue_daily_key"
    DO UPDATE SET "lines" = r."lines" + excluded."lines", "amount_cents" = r."amount_cents" + excluded."amount_cents"
  $q$, parceldesk_rollup_source(TG_OP));
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION parceldesk_rollup_invoice_lines_service() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($q$
    INSERT INTO "report_revenue_service_daily" AS r ("courier_id", "day", "branch_id", "service", "code", "slot", "lines", "amount_cents")
    SELECT l."courier_id", l."day", i."branch_id", v."service", l."code", (pg_backend_pid() %% 8)::smallint, sum(l."lines"), sum(l."amount")
    FROM (
      SELECT s."courier_id", (s."added_at" AT TIME ZONE 'America/Jamaica')::date AS "day", s."invoice_id", s."code",
        sum(s.sign) AS "lines", sum(s.sign * s."amount_cents"::bigint) AS "amount"
      FROM (%s) s GROUP BY 1, 2, 3, 4
    ) l
      CROSS JOIN LATERAL (SELECT rs."service" FROM "report_invoice_services" rs WHERE rs."invoice_id" = l."invoice_id" AND rs."packages" > 0 OFFSET 0) v
      CROSS JOIN LATERAL (SELECT iv."branch_id" FROM "invoices" iv WHERE iv."id" = l."invoice_id" AND iv."status" <> 'void' OFFSET 0) i
    WHERE EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = l."courier_id")
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(l."lines") <> 0 OR sum(l."amount") <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "report_revenue_service_daily_key"
    DO UPDATE SET "lines" = r."lines" + excluded."lines", "amount_cents" = r."amount_cents" + excluded."amount_cents"
  $q$, parceldesk_rollup_source(TG_OP));
  RETURN NULL;
END $fn$;
