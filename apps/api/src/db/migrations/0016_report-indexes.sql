-- Issue 14, reports (docs/decisions/020-reports.md): parcels shipped, collected and received unknown
-- are counted from the history rows at a status over a courier's date range. Without this index
-- every report read all of package_events (1.9 million rows at the bench seed); with it, one
-- courier's rows at one status in the range, without visiting the table (package_id included).
CREATE INDEX "package_events_courier_status_created_idx" ON "package_events" USING btree ("courier_id","status","created_at") INCLUDE ("package_id");
--> statement-breakpoint
-- Revenue by charge type reads a courier's invoice lines by the time they were charged: without
-- this index it joined every line of the table to the courier's invoices (3.5 s p50 for a year of
-- the biggest courier); with it, one index range holding the code and amount.
CREATE INDEX "invoice_lines_courier_added_idx" ON "invoice_lines" USING btree ("courier_id","added_at") INCLUDE ("invoice_id","code","amount_cents");
