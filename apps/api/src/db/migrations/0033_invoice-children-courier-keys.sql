-- Issue 13 (a 5,000-parcel arrival issues its invoices in under 3 s): each row of an invoice's lines,
-- packages and history checked two foreign keys that said half of one thing, the invoice and the
-- courier separately (about 8 µs of PostgreSQL per probe; 25,000 probes of the courier per such
-- arrival). One key on (invoice, courier) checks both at once and says more: a line, a billed parcel
-- or an event belongs to an invoice of its own courier, never another's (tenancy in the schema).
-- Deleting a courier still removes them all: through its invoices (ON DELETE CASCADE).
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_id_courier_key" UNIQUE ("id", "courier_id");--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_courier_id_couriers_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_courier_fk" FOREIGN KEY ("invoice_id", "courier_id") REFERENCES "invoices"("id", "courier_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "invoice_packages" DROP CONSTRAINT "invoice_packages_courier_id_couriers_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_packages" DROP CONSTRAINT "invoice_packages_invoice_id_invoices_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_packages" ADD CONSTRAINT "invoice_packages_invoice_courier_fk" FOREIGN KEY ("invoice_id", "courier_id") REFERENCES "invoices"("id", "courier_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "invoice_events" DROP CONSTRAINT "invoice_events_courier_id_couriers_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_events" DROP CONSTRAINT "invoice_events_invoice_id_invoices_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_invoice_courier_fk" FOREIGN KEY ("invoice_id", "courier_id") REFERENCES "invoices"("id", "courier_id") ON DELETE CASCADE;
