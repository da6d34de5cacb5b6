-- Issue 12: manifests (air and sea consolidations), their parcels and history, and the tables of
-- the reconciliation at the destination (built by the reconciliation part on this base).
-- docs/decisions/012-manifests.md.
CREATE TABLE "manifests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"number" text NOT NULL,
	"service" text NOT NULL,
	"carrier" text NOT NULL,
	"mawb" text,
	"bill_of_lading" text,
	"flight_or_voyage" text,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"departure_date" date,
	"arrival_date" date,
	"notes" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" uuid,
	"closed_at" timestamp with time zone,
	"departed_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"reconciled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manifests_service_check" CHECK ("service" IN ('air', 'sea')),
	CONSTRAINT "manifests_status_check" CHECK ("status" IN ('open', 'closed', 'departed', 'arrived', 'reconciled')),
	CONSTRAINT "manifests_dates_order" CHECK ("departure_date" IS NULL OR "arrival_date" IS NULL OR "departure_date" <= "arrival_date"),
	CONSTRAINT "manifests_waybill_of_service" CHECK (("service" = 'air' AND "bill_of_lading" IS NULL) OR ("service" = 'sea' AND "mawb" IS NULL))
);
--> statement-breakpoint
-- Membership: who put which parcel on which manifest, when. `released_at` is set when a parcel
-- leaves the manifest's custody for good (a parcel found missing and later shipped again); until
-- then the partial unique index below keeps a package on at most one manifest, whatever races.
CREATE TABLE "manifest_packages" (
	"manifest_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	"added_by" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "manifest_packages_pk" PRIMARY KEY("manifest_id","package_id")
);
--> statement-breakpoint
CREATE TABLE "manifest_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"manifest_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"manifest_id" uuid NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_by" uuid,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliations_status_check" CHECK ("status" IN ('in_progress', 'finished'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"reconciliation_id" uuid NOT NULL,
	"code" text NOT NULL,
	"package_id" uuid,
	"outcome" text NOT NULL,
	"note" text,
	"photo_file_id" uuid,
	"scanned_by" uuid,
	"device_id" text,
	"client_scan_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_scans_outcome_check" CHECK ("outcome" IN ('received', 'extra', 'damaged'))
);
--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_packages" ADD CONSTRAINT "manifest_packages_manifest_id_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."manifests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_packages" ADD CONSTRAINT "manifest_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_packages" ADD CONSTRAINT "manifest_packages_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_packages" ADD CONSTRAINT "manifest_packages_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_events" ADD CONSTRAINT "manifest_events_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_events" ADD CONSTRAINT "manifest_events_manifest_id_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."manifests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_manifest_id_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."manifests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_finished_by_users_id_fk" FOREIGN KEY ("finished_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_scans" ADD CONSTRAINT "reconciliation_scans_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_scans" ADD CONSTRAINT "reconciliation_scans_reconciliation_id_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_scans" ADD CONSTRAINT "reconciliation_scans_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_scans" ADD CONSTRAINT "reconciliation_scans_photo_file_id_stored_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_scans" ADD CONSTRAINT "reconciliation_scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Numbers are unique per courier (AIR-2026-0042; the counter per courier, service and year hands them out).
CREATE UNIQUE INDEX "manifests_courier_number_key" ON "manifests" USING btree ("courier_id","number");--> statement-breakpoint
-- Lists: newest first, narrowed by status or service; the network; search by number, MAWB or bill of lading.
CREATE INDEX "manifests_courier_created_idx" ON "manifests" USING btree ("courier_id","created_at","id");--> statement-breakpoint
CREATE INDEX "manifests_courier_status_idx" ON "manifests" USING btree ("courier_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "manifests_courier_service_idx" ON "manifests" USING btree ("courier_id","service","created_at","id");--> statement-breakpoint
CREATE INDEX "manifests_created_idx" ON "manifests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "manifests_search_idx" ON "manifests" USING gin (("number" || ' ' || coalesce("mawb", '') || ' ' || coalesce("bill_of_lading", '')) gin_trgm_ops);--> statement-breakpoint
-- The one rule of issue 12: a package is on at most one manifest at a time, also when two stations load it at once.
CREATE UNIQUE INDEX "manifest_packages_current_key" ON "manifest_packages" USING btree ("package_id") WHERE "released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "manifest_packages_manifest_added_idx" ON "manifest_packages" USING btree ("manifest_id","added_at");--> statement-breakpoint
CREATE INDEX "manifest_packages_package_idx" ON "manifest_packages" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "manifest_events_manifest_idx" ON "manifest_events" USING btree ("manifest_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliations_manifest_key" ON "reconciliations" USING btree ("manifest_id");--> statement-breakpoint
CREATE INDEX "reconciliations_courier_started_idx" ON "reconciliations" USING btree ("courier_id","started_at","id");--> statement-breakpoint
-- A scan applies exactly once: the device's id for it is unique within the reconciliation.
CREATE UNIQUE INDEX "reconciliation_scans_client_key" ON "reconciliation_scans" USING btree ("reconciliation_id","client_scan_id");--> statement-breakpoint
CREATE INDEX "reconciliation_scans_reconciliation_idx" ON "reconciliation_scans" USING btree ("reconciliation_id","created_at");--> statement-breakpoint
CREATE INDEX "reconciliation_scans_package_idx" ON "reconciliation_scans" USING btree ("reconciliation_id","package_id") WHERE "package_id" IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER manifests_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON manifests FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER manifest_packages_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON manifest_packages FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER reconciliations_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reconciliations FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER reconciliation_scans_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reconciliation_scans FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
