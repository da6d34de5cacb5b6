-- Issue 12, reconciliation at the destination (on the tables of 0008) and the switching fee.
-- docs/decisions/013-reconciliation.md.
-- The branch the shipment is checked in at: parcels whose pickup branch it is become ready for
-- pickup at the finish; the others go on in transit to their branch.
ALTER TABLE "reconciliations" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The scanned code as it is matched (canonical tracking number or upper-cased package number).
ALTER TABLE "reconciliation_scans" ADD COLUMN "code_key" text;--> statement-breakpoint
-- Who marked the parcel damaged, and when (it may have been scanned as received by someone else first).
ALTER TABLE "reconciliation_scans" ADD COLUMN "damaged_by" uuid;--> statement-breakpoint
ALTER TABLE "reconciliation_scans" ADD COLUMN "damaged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reconciliation_scans" ADD CONSTRAINT "reconciliation_scans_damaged_by_users_id_fk" FOREIGN KEY ("damaged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A parcel counts once however many people scan it: one row per package (and per unknown code) a reconciliation.
CREATE UNIQUE INDEX "reconciliation_scans_package_key" ON "reconciliation_scans" USING btree ("reconciliation_id","package_id") WHERE "package_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_scans_unknown_code_key" ON "reconciliation_scans" USING btree ("reconciliation_id","code_key") WHERE "package_id" IS NULL;--> statement-breakpoint
-- Charges on a package besides freight, billed by the invoicing issue (invoice_id set when billed).
-- Today: the switching fee (POST /packages/{id}/switch-branch). J$ cents.
CREATE TABLE "package_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"note" text,
	"details" jsonb,
	"invoice_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_charges_kind_check" CHECK ("kind" IN ('switching')),
	CONSTRAINT "package_charges_amount_check" CHECK ("amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "package_charges" ADD CONSTRAINT "package_charges_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_charges" ADD CONSTRAINT "package_charges_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_charges" ADD CONSTRAINT "package_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_charges_package_idx" ON "package_charges" USING btree ("package_id","created_at");--> statement-breakpoint
CREATE INDEX "package_charges_unbilled_idx" ON "package_charges" USING btree ("courier_id","created_at") WHERE "invoice_id" IS NULL;--> statement-breakpoint
CREATE TRIGGER package_charges_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON package_charges FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
-- Built-in branch managers hold every permission but staff_manage and branches_all: the new one too.
UPDATE "roles" SET "permissions" = array_append("permissions", 'manifests_reconcile')
WHERE "builtin" = 'branch_manager' AND NOT ('manifests_reconcile' = ANY("permissions"));
