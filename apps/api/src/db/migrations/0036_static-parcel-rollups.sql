-- Issue 11 (receive p99 at 10 stations, which is bound by CPU: about 10 ms of API and PostgreSQL
-- CPU a scan): the parcel counters (0027, 0032) and the parcel roll-up (0026) built their SQL with
-- EXECUTE format(...) for every statement, so PostgreSQL parsed and planned two upserts for each
-- received parcel (0.54 and 0.33 ms of a 2.5 ms writing statement, EXPLAIN ANALYZE warm). An INSERT
-- (every receive, bulk receive, the packing system's push) now runs the same SQL written out, which
-- PL/pgSQL plans once per connection (0.15 and 0.11 ms); updates and deletes, whose source joins
-- old and new rows, still build theirs. Same rows, same sums (the dashboard and report tests check them).
CREATE OR REPLACE FUNCTION parceldesk_count_packages() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH p AS MATERIALIZED (
      SELECT s.*, 1 AS sign FROM new_rows s WHERE EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = s."courier_id")
    ), counts AS (
      INSERT INTO "dashboard_package_counts" AS r ("courier_id", "branch_id", "status", "slot", "packages")
      SELECT p."courier_id", p."branch_id", p."status", (pg_backend_pid() % 8)::smallint, sum(p.sign)
      FROM p
      GROUP BY 1, 2, 3
      HAVING sum(p.sign) <> 0
      ORDER BY 1, 2, 3
      ON CONFLICT ON CONSTRAINT "dashboard_package_counts_key" DO UPDATE SET "packages" = r."packages" + excluded."packages"
    )
    INSERT INTO "dashboard_ready_days" AS r ("courier_id", "day", "slot", "packages")
    SELECT p."courier_id", (p."ready_since" AT TIME ZONE 'America/Jamaica')::date, (pg_backend_pid() % 8)::smallint, sum(p.sign)
    FROM p
    WHERE p."status" = 'ready_for_pickup' AND p."customer_id" IS NOT NULL AND p."ready_since" IS NOT NULL
    GROUP BY 1, 2
    HAVING sum(p.sign) <> 0
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT "dashboard_ready_days_key" DO UPDATE SET "packages" = r."packages" + excluded."packages";
    RETURN NULL;
  END IF;
  EXECUTE format($q$
    WITH p AS MATERIALIZED (
      SELECT s.* FROM (%s) s WHERE EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = s."courier_id")
    ), counts AS (
      INSERT INTO "dashboard_package_counts" AS r ("courier_id", "branch_id", "status", "slot", "packages")
      SELECT p."courier_id", p."branch_id", p."status", (pg_backend_pid() %% 8)::smallint, sum(p.sign)
      FROM p
      GROUP BY 1, 2, 3
      HAVING sum(p.sign) <> 0
      ORDER BY 1, 2, 3
      ON CONFLICT ON CONSTRAINT "dashboard_package_counts_key" DO UPDATE SET "packages" = r."packages" + excluded."packages"
    )
    INSERT INTO "dashboard_ready_days" AS r ("courier_id", "day", "slot", "packages")
    SELECT p."courier_id", (p."ready_since" AT TIME ZONE 'America/Jamaica')::date, (pg_backend_pid() %% 8)::smallint, sum(p.sign)
    FROM p
    WHERE p."status" = 'ready_for_pickup' AND p."customer_id" IS NOT NULL AND p."ready_since" IS NOT NULL
    GROUP BY 1, 2
    HAVING sum(p.sign) <> 0
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT "dashboard_ready_days_key" DO UPDATE SET "packages" = r."packages" + excluded."packages"
  $q$, parceldesk_rollup_source(TG_OP, $c$(n.courier_id <> o.courier_id OR n.status <> o.status OR n.branch_id IS DISTINCT FROM o.branch_id
    OR (n.customer_id IS NULL) <> (o.customer_id IS NULL) OR n.ready_since IS DISTINCT FROM o.ready_since)$c$));
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION parceldesk_rollup_packages() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_parcels_daily" AS r ("courier_id", "day", "branch_id", "service", "slot", "parcels", "weight")
    SELECT p."courier_id", (p."received_at" AT TIME ZONE 'America/Jamaica')::date, p."branch_id", p."service", (pg_backend_pid() % 8)::smallint,
      count(*), sum(p."weight")
    FROM new_rows p
    WHERE EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = p."courier_id")
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT "report_parcels_daily_key"
    DO UPDATE SET "parcels" = r."parcels" + excluded."parcels", "weight" = r."weight" + excluded."weight";
    RETURN NULL;
  END IF;
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
END $fn$;
