-- Issue 13, the pickup counter: a release at the counter (who collected, their signature, who
-- released, an override when parcels left unpaid), the parcels released (a parcel is collected
-- once: pickup_packages.package_id is unique) and the invoices of those parcels.
CREATE TABLE "pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"pickup_no" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"branch_id" uuid,
	"collector_kind" text NOT NULL,
	"collector_name" text NOT NULL,
	"collector_id_type" text,
	"collector_id_number" text,
	"collector_relationship" text,
	"authorisation_letter_file_id" uuid,
	"signature_file_id" uuid NOT NULL,
	"released_by" uuid,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_override" boolean DEFAULT false NOT NULL,
	"override_reason" text,
	"override_by" uuid,
	"receipt_emailed_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickups_collector_kind_check" CHECK ("collector_kind" IN ('customer', 'authorised')),
	CONSTRAINT "pickups_id_type_check" CHECK ("collector_id_type" IS NULL OR "collector_id_type" IN ('drivers_licence', 'passport', 'national_id')),
	CONSTRAINT "pickups_authorised_check" CHECK ("collector_kind" = 'customer' OR ("collector_id_type" IS NOT NULL AND "collector_id_number" IS NOT NULL
		AND "collector_relationship" IS NOT NULL AND "authorisation_letter_file_id" IS NOT NULL)),
	CONSTRAINT "pickups_override_check" CHECK (NOT "is_override" OR ("override_reason" IS NOT NULL AND "override_by" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "pickup_packages" (
	"pickup_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	CONSTRAINT "pickup_packages_pk" PRIMARY KEY("pickup_id","package_id")
);
--> statement-breakpoint
CREATE TABLE "pickup_invoices" (
	"pickup_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	"balance_cents_at_release" integer NOT NULL,
	CONSTRAINT "pickup_invoices_pk" PRIMARY KEY("pickup_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_authorisation_letter_file_id_stored_files_id_fk" FOREIGN KEY ("authorisation_letter_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_signature_file_id_stored_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_override_by_users_id_fk" FOREIGN KEY ("override_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_packages" ADD CONSTRAINT "pickup_packages_pickup_id_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."pickups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_packages" ADD CONSTRAINT "pickup_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_packages" ADD CONSTRAINT "pickup_packages_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_invoices" ADD CONSTRAINT "pickup_invoices_pickup_id_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."pickups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_invoices" ADD CONSTRAINT "pickup_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_invoices" ADD CONSTRAINT "pickup_invoices_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pickups_courier_no_key" ON "pickups" USING btree ("courier_id","pickup_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pickups_letter_key" ON "pickups" USING btree ("authorisation_letter_file_id") WHERE "authorisation_letter_file_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "pickups_courier_released_idx" ON "pickups" USING btree ("courier_id","released_at","id");--> statement-breakpoint
CREATE INDEX "pickups_customer_released_idx" ON "pickups" USING btree ("customer_id","released_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_packages_package_key" ON "pickup_packages" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "pickup_invoices_invoice_idx" ON "pickup_invoices" USING btree ("invoice_id");
