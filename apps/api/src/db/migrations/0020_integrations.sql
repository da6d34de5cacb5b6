-- Issue 17, integrations (docs/decisions/024-integrations.md): a courier's API keys (only a sha256
-- of the token is kept; the prefix is shown to tell keys apart), the packing-system connection,
-- the warehouse's ids on our packages (searchable), and what each warehouse parcel last pushed
-- (the content hash that makes a repeat a no-op, the push time that refuses an older update).
CREATE TABLE "integration_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text
);
--> statement-breakpoint
CREATE TABLE "packing_system_connections" (
	"courier_id" uuid PRIMARY KEY NOT NULL,
	"profile" text NOT NULL,
	"key_id" uuid,
	"service_map" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packing_system_connections_profile_check" CHECK ("profile" IN ('packing_v2'))
);
--> statement-breakpoint
CREATE TABLE "packing_system_parcels" (
	"courier_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"package_id" uuid,
	"content_hash" text NOT NULL,
	"pushed_at" timestamp with time zone NOT NULL,
	"last_payload" jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packing_system_parcels_pk" PRIMARY KEY("courier_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "packing_system_manifests" (
	"courier_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"manifest_id" uuid NOT NULL,
	"content_hash" text NOT NULL,
	"pushed_at" timestamp with time zone NOT NULL,
	"last_payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packing_system_manifests_pk" PRIMARY KEY("courier_id","external_id")
);
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "external_package_id" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "external_control_number" text;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_system_connections" ADD CONSTRAINT "packing_system_connections_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_system_connections" ADD CONSTRAINT "packing_system_connections_key_id_integration_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."integration_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_system_connections" ADD CONSTRAINT "packing_system_connections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_system_parcels" ADD CONSTRAINT "packing_system_parcels_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_system_parcels" ADD CONSTRAINT "packing_system_parcels_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_system_manifests" ADD CONSTRAINT "packing_system_manifests_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packing_system_manifests" ADD CONSTRAINT "packing_system_manifests_manifest_id_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."manifests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_keys_token_hash_key" ON "integration_keys" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "integration_keys_courier_created_idx" ON "integration_keys" USING btree ("courier_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_courier_external_key" ON "packages" USING btree ("courier_id","external_package_id") WHERE "packages"."external_package_id" is not null;--> statement-breakpoint
DROP INDEX "packages_search_idx";--> statement-breakpoint
CREATE INDEX "packages_search_idx" ON "packages" USING gin (("package_no" || ' ' || "tracking_number" || ' ' || coalesce("external_control_number", '') || ' ' || coalesce("external_package_id", '')) gin_trgm_ops);--> statement-breakpoint
CREATE TRIGGER integration_keys_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON integration_keys FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
