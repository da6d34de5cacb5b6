-- Issue 13, uncollected parcels and storage fees: the charges of the storage sweep (one per
-- package and local day: the unique key is what keeps a rerun or a second instance from charging
-- a day twice) and the reminders / final notices / abandonment messages it sent (one each).
CREATE TABLE "storage_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"charge_day" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_charges_amount_check" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "storage_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storage_notices_kind_check" CHECK ("kind" IN ('reminder', 'final_notice', 'abandoned'))
);
--> statement-breakpoint
ALTER TABLE "storage_charges" ADD CONSTRAINT "storage_charges_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_charges" ADD CONSTRAINT "storage_charges_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_charges" ADD CONSTRAINT "storage_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_notices" ADD CONSTRAINT "storage_notices_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_notices" ADD CONSTRAINT "storage_notices_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_charges_package_day_key" ON "storage_charges" USING btree ("package_id","charge_day");--> statement-breakpoint
CREATE INDEX "storage_charges_pending_idx" ON "storage_charges" USING btree ("courier_id") WHERE "invoice_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "storage_notices_package_kind_day_key" ON "storage_notices" USING btree ("package_id","kind","day");--> statement-breakpoint
CREATE TRIGGER storage_charges_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON storage_charges FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER storage_notices_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON storage_notices FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
--> statement-breakpoint
CREATE TRIGGER package_events_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON package_events FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
--> statement-breakpoint
-- The uncollected list reads the courier's threshold, so a change to it refreshes lists on every instance.
CREATE TRIGGER courier_pricing_settings_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courier_pricing_settings FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
