-- Issue 16 (the soak): a courier-wide dashboard counted its uncollected parcels row by row on every
-- read: 22,843 index entries, 3.6 ms of PostgreSQL per dashboard for the bench's biggest courier,
-- a third of the statement time of the soak's commonest heavy read. Parcels waiting for pickup
-- (with a customer) per courier and Jamaica day they became ready: the figure is the sum of the
-- days before the courier's threshold day (docs/decisions/007, fourth pass). A branch reader's
-- figure follows their customers' branch, which can change, and is still read from the rows.
CREATE TABLE "dashboard_ready_days" (
  "courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE cascade,
  "day" date NOT NULL,
  "slot" smallint NOT NULL DEFAULT 0,
  "packages" integer NOT NULL DEFAULT 0,
  CONSTRAINT "dashboard_ready_days_key" UNIQUE ("courier_id", "day", "slot")
) WITH (fillfactor = 70);--> statement-breakpoint
-- The parcel counter's trigger function (migration 0027) keeps both tables from one pass over the
-- statement's changed rows, so no further trigger fires on every write of a parcel. A row is
-- counted when it is waiting for pickup with a customer; an update that moves neither counter
-- (an edit) finds no rows, and one that moves only one of them nets to zero in the other (HAVING).
CREATE OR REPLACE FUNCTION parceldesk_count_packages() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
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
INSERT INTO "dashboard_ready_days" ("courier_id", "day", "packages")
SELECT p."courier_id", (p."ready_since" AT TIME ZONE 'America/Jamaica')::date, count(*)
FROM "packages" p
WHERE p."status" = 'ready_for_pickup' AND p."customer_id" IS NOT NULL AND p."ready_since" IS NOT NULL
GROUP BY 1, 2;
