-- Issue 11: packages, their events, pre-alerts, files, claims, idempotency keys, per-courier counters.
-- One counters table for every per-courier sequence (tickets, packages, later manifests and invoices):
-- a row per (courier, kind), bumped by an UPSERT whose row lock lasts until commit, so numbers are
-- gap-free (a rolled-back transaction gives its number back) and never handed out twice.
CREATE TABLE "courier_counters" (
	"courier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"last_no" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "courier_counters_pk" PRIMARY KEY("courier_id","kind")
);
--> statement-breakpoint
ALTER TABLE "courier_counters" ADD CONSTRAINT "courier_counters_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "courier_counters" ("courier_id", "kind", "last_no") SELECT "courier_id", 'ticket', "last_no" FROM "ticket_counters";--> statement-breakpoint
DROP TABLE "ticket_counters";--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "volumetric_divisor" integer DEFAULT 166 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "package_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- In-app notifications reach customers too (a package received): exactly one of user and customer.
ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_owner" CHECK (("user_id" IS NULL) <> ("customer_id" IS NULL));--> statement-breakpoint
CREATE INDEX "notifications_customer_created_idx" ON "notifications" USING btree ("customer_id","created_at") WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"package_no" text NOT NULL,
	"tracking_number" text NOT NULL,
	"carrier" text NOT NULL,
	"status" text NOT NULL,
	"customer_id" uuid,
	"branch_id" uuid,
	"pre_alert_id" uuid,
	"service" text DEFAULT 'air' NOT NULL,
	"shipper" text,
	"description" text,
	"declared_value_cents" integer,
	"pieces" integer DEFAULT 1 NOT NULL,
	"weight" numeric(8, 2) NOT NULL,
	"length" numeric(7, 2),
	"width" numeric(7, 2),
	"height" numeric(7, 2),
	"volumetric_weight" numeric(10, 2),
	"volumetric_divisor" integer NOT NULL,
	"chargeable_weight" integer NOT NULL,
	"location" text,
	"notes" text,
	"label_name" text,
	"label_mailbox" text,
	"unknown_fee_cents" integer,
	"invoice_id" uuid,
	"received_by" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_weight_positive" CHECK ("weight" > 0),
	CONSTRAINT "packages_pieces_positive" CHECK ("pieces" > 0)
);
--> statement-breakpoint
CREATE TABLE "package_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"location" text,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pre_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"tracking_number" text NOT NULL,
	"carrier" text NOT NULL,
	"store" text NOT NULL,
	"description" text NOT NULL,
	"declared_value_cents" integer NOT NULL,
	"service" text DEFAULT 'air' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"package_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"tracking_number" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"package_id" uuid,
	"pre_alert_id" uuid,
	"claim_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_files_one_owner" CHECK (num_nonnulls("package_id", "pre_alert_id", "claim_id") >= 1)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"principal_id" uuid NOT NULL,
	"key" text NOT NULL,
	"courier_id" uuid,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"outcome" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("principal_id","key")
);
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_alerts" ADD CONSTRAINT "pre_alerts_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_alerts" ADD CONSTRAINT "pre_alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_alerts" ADD CONSTRAINT "pre_alerts_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_pre_alert_id_pre_alerts_id_fk" FOREIGN KEY ("pre_alert_id") REFERENCES "public"."pre_alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_claims" ADD CONSTRAINT "package_claims_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_claims" ADD CONSTRAINT "package_claims_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_claims" ADD CONSTRAINT "package_claims_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_claims" ADD CONSTRAINT "package_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_files" ADD CONSTRAINT "package_files_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_files" ADD CONSTRAINT "package_files_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_files" ADD CONSTRAINT "package_files_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_files" ADD CONSTRAINT "package_files_pre_alert_id_pre_alerts_id_fk" FOREIGN KEY ("pre_alert_id") REFERENCES "public"."pre_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_files" ADD CONSTRAINT "package_files_claim_id_package_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."package_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A courier receives a tracking number once (scans at two stations at once included), numbers packages once.
CREATE UNIQUE INDEX "packages_courier_tracking_key" ON "packages" USING btree ("courier_id","tracking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_courier_no_key" ON "packages" USING btree ("courier_id","package_no");--> statement-breakpoint
-- Lists: newest received first, narrowed by status, branch, service, carrier; a customer's own; the network.
CREATE INDEX "packages_courier_received_idx" ON "packages" USING btree ("courier_id","received_at","id");--> statement-breakpoint
CREATE INDEX "packages_courier_status_idx" ON "packages" USING btree ("courier_id","status","received_at","id");--> statement-breakpoint
CREATE INDEX "packages_courier_branch_idx" ON "packages" USING btree ("courier_id","branch_id","received_at","id");--> statement-breakpoint
CREATE INDEX "packages_courier_service_idx" ON "packages" USING btree ("courier_id","service","received_at","id");--> statement-breakpoint
CREATE INDEX "packages_courier_carrier_idx" ON "packages" USING btree ("courier_id","carrier","received_at","id");--> statement-breakpoint
CREATE INDEX "packages_customer_received_idx" ON "packages" USING btree ("customer_id","received_at","id");--> statement-breakpoint
CREATE INDEX "packages_received_idx" ON "packages" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "packages_tracking_idx" ON "packages" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "packages_search_idx" ON "packages" USING gin (("package_no" || ' ' || "tracking_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packages_pre_alert_idx" ON "packages" USING btree ("pre_alert_id") WHERE "pre_alert_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "package_events_package_idx" ON "package_events" USING btree ("package_id","created_at");--> statement-breakpoint
CREATE INDEX "pre_alerts_courier_tracking_idx" ON "pre_alerts" USING btree ("courier_id","tracking_number") WHERE "status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "pre_alerts_customer_tracking_key" ON "pre_alerts" USING btree ("customer_id","tracking_number") WHERE "status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "pre_alerts_courier_created_idx" ON "pre_alerts" USING btree ("courier_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pre_alerts_customer_created_idx" ON "pre_alerts" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "package_claims_courier_created_idx" ON "package_claims" USING btree ("courier_id","created_at","id");--> statement-breakpoint
CREATE INDEX "package_claims_customer_created_idx" ON "package_claims" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_claims_pending_key" ON "package_claims" USING btree ("package_id","customer_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "package_files_package_idx" ON "package_files" USING btree ("package_id") WHERE "package_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "package_files_pre_alert_idx" ON "package_files" USING btree ("pre_alert_id") WHERE "pre_alert_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "package_files_claim_idx" ON "package_files" USING btree ("claim_id") WHERE "claim_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE TRIGGER packages_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON packages FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER pre_alerts_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pre_alerts FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER package_claims_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON package_claims FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
