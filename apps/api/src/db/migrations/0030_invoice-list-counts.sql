-- Issue 13 speed (docs/decisions/018-invoices.md "Performance"): the invoice list's total was an
-- exact count(*) of the courier's invoices on every request (205,000 index entries for the biggest
-- courier). Invoices per courier and status are kept here by statement triggers in the style of
-- migration 0027 (transition tables, one aggregated upsert per key in key order, a `slot` per
-- backend so concurrent writers mostly upsert different rows); the courier-wide and network lists
-- read them when nothing but status narrows the list (invoice-lists.service.ts, countedInvoices).
-- No branch: a branch-bound reader's invoices follow their customers' branch, which can change.
CREATE TABLE "invoice_list_counts" (
  "courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE cascade,
  "status" text NOT NULL,
  "slot" smallint NOT NULL DEFAULT 0,
  "invoices" integer NOT NULL DEFAULT 0,
  CONSTRAINT "invoice_list_counts_key" UNIQUE ("courier_id", "status", "slot")
) WITH (fillfactor = 70);--> statement-breakpoint
-- An invoice issued, paid down, paid, voided, moved to another courier or deleted; every other
-- update (a line added, a re-date) finds no rows and writes nothing.
CREATE FUNCTION parceldesk_count_invoices() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format($q$
    INSERT INTO "invoice_list_counts" AS r ("courier_id", "status", "slot", "invoices")
    SELECT i."courier_id", i."status", (pg_backend_pid() %% 8)::smallint, sum(i.sign)
    FROM (%s) i
    WHERE EXISTS (SELECT 1 FROM "couriers" c WHERE c."id" = i."courier_id")
    GROUP BY 1, 2
    HAVING sum(i.sign) <> 0
    ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT "invoice_list_counts_key" DO UPDATE SET "invoices" = r."invoices" + excluded."invoices"
  $q$, parceldesk_rollup_source(TG_OP, $c$(n.status <> o.status OR n.courier_id <> o.courier_id)$c$));
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE TRIGGER invoices_count_list_insert AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_count_invoices();--> statement-breakpoint
CREATE TRIGGER invoices_count_list_update AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_count_invoices();--> statement-breakpoint
CREATE TRIGGER invoices_count_list_delete AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_count_invoices();--> statement-breakpoint
-- Backfill after the triggers exist (CREATE TRIGGER holds writes off until this migration commits).
INSERT INTO "invoice_list_counts" ("courier_id", "status", "invoices")
SELECT i."courier_id", i."status", count(*) FROM "invoices" i GROUP BY 1, 2;
