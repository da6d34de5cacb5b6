-- Issue 14, delivery: the courier's delivery locations (areas with a fee), customers' delivery
-- requests of ready parcels, the parcels on them (one open request per parcel: a partial unique
-- index on live rows) and the history of every change (docs/decisions/019-delivery.md).
CREATE TABLE "delivery_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"name" text NOT NULL,
	"parish" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_locations_fee_check" CHECK ("fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"request_no" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"preferred_date" date NOT NULL,
	"notes" text,
	"fee_cents" integer NOT NULL,
	"fee_invoice_id" uuid,
	"scheduled_date" date,
	"time_window" text,
	"driver_id" uuid,
	"stop_order" integer,
	"recipient_name" text,
	"signature_file_id" uuid,
	"payment_id" uuid,
	"collected_cents" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"rejection_reason" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_requests_status_check" CHECK ("status" in ('requested', 'scheduled', 'out_for_delivery', 'delivered', 'failed', 'cancelled', 'rejected')),
	CONSTRAINT "delivery_requests_fee_check" CHECK ("fee_cents" >= 0 and "collected_cents" >= 0),
	CONSTRAINT "delivery_requests_scheduled_check" CHECK ("status" in ('requested', 'cancelled', 'rejected') or ("scheduled_date" is not null and "time_window" is not null)),
	CONSTRAINT "delivery_requests_delivered_check" CHECK ("status" <> 'delivered' or ("recipient_name" is not null and "delivered_at" is not null)),
	CONSTRAINT "delivery_requests_window_check" CHECK ("time_window" is null or "time_window" in ('morning', 'afternoon', 'evening'))
);
--> statement-breakpoint
CREATE TABLE "delivery_request_packages" (
	"request_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	CONSTRAINT "delivery_request_packages_pk" PRIMARY KEY("request_id","package_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_locations" ADD CONSTRAINT "delivery_locations_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_location_id_delivery_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."delivery_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_fee_invoice_id_invoices_id_fk" FOREIGN KEY ("fee_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_signature_file_id_stored_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_request_packages" ADD CONSTRAINT "delivery_request_packages_request_id_delivery_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."delivery_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_request_packages" ADD CONSTRAINT "delivery_request_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_request_packages" ADD CONSTRAINT "delivery_request_packages_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_request_events" ADD CONSTRAINT "delivery_request_events_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_request_events" ADD CONSTRAINT "delivery_request_events_request_id_delivery_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."delivery_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_locations_courier_name_key" ON "delivery_locations" USING btree ("courier_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_requests_courier_no_key" ON "delivery_requests" USING btree ("courier_id","request_no");--> statement-breakpoint
CREATE INDEX "delivery_requests_courier_created_idx" ON "delivery_requests" USING btree ("courier_id","created_at","id");--> statement-breakpoint
CREATE INDEX "delivery_requests_customer_idx" ON "delivery_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_requests_run_idx" ON "delivery_requests" USING btree ("courier_id","scheduled_date","driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_request_packages_live_key" ON "delivery_request_packages" USING btree ("package_id") WHERE "live";--> statement-breakpoint
CREATE INDEX "delivery_request_events_request_idx" ON "delivery_request_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE TRIGGER delivery_locations_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_locations FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER delivery_requests_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_requests FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER delivery_request_packages_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_request_packages FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
