-- Issue 13, payments (additive to 0011). The proof review list reads stored_files (the proof's
-- name and type), so a write there clears the lists' dropdown caches like any other list table.
CREATE TRIGGER stored_files_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stored_files FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
-- The payments list's "staff member" filter and its dropdown: who recorded what, per courier.
CREATE INDEX "payments_courier_recorded_by_idx" ON "payments" USING btree ("courier_id","recorded_by","recorded_at","id");
