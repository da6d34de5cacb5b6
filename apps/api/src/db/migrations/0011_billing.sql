-- Issue 13: invoices (one live invoice per package), their lines and history; payments, their
-- allocations to invoices and history; customers' bank-transfer proofs. Money is integer J$ cents.
-- The database keeps the money rules a bug or a race could break: a package has one live invoice
-- (partial unique index), an invoice is never paid beyond its total, allocations are positive and
-- a payment is allocated once per invoice; balance is derived, never stored apart.
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"branch_id" uuid,
	"invoice_no" text NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"currency" text DEFAULT 'JMD' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"gct_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"balance_cents" integer GENERATED ALWAYS AS ("total_cents" - "paid_cents") STORED NOT NULL,
	"pricing_snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" uuid,
	"due_at" timestamp with time zone,
	"replaces_invoice_id" uuid,
	"replaced_by_invoice_id" uuid,
	"void_reason" text,
	"voided_by" uuid,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("status" IN ('unpaid', 'partially_paid', 'paid', 'void')),
	CONSTRAINT "invoices_amounts_check" CHECK ("subtotal_cents" + "gct_cents" = "total_cents" AND "total_cents" >= 0 AND "gct_cents" >= 0),
	CONSTRAINT "invoices_paid_check" CHECK ("paid_cents" >= 0 AND "paid_cents" <= "total_cents"),
	CONSTRAINT "invoices_status_amounts_check" CHECK (
		("status" = 'unpaid' AND "paid_cents" = 0)
		OR ("status" = 'partially_paid' AND "paid_cents" > 0 AND "paid_cents" < "total_cents")
		OR ("status" = 'paid' AND "paid_cents" = "total_cents")
		OR ("status" = 'void' AND "paid_cents" = 0 AND "void_reason" IS NOT NULL)
	)
);
--> statement-breakpoint
-- The packages an invoice bills. `live` is false once its invoice is void; `supplementary` marks a
-- later invoice for charges after payment (storage, duty), which does not take the package's place.
CREATE TABLE "invoice_packages" (
	"invoice_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"supplementary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_packages_pk" PRIMARY KEY("invoice_id","package_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"package_id" uuid,
	"added_after_issue" boolean DEFAULT false NOT NULL,
	"added_by" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"amount_cents" integer,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"visible_to_customer" boolean DEFAULT true NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"branch_id" uuid,
	"payment_no" text NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'JMD' NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"note" text,
	"idempotency_key" text,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"void_reason" text,
	"voided_by" uuid,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_method_check" CHECK ("method" IN ('cash', 'card', 'bank_transfer')),
	CONSTRAINT "payments_status_check" CHECK ("status" IN ('recorded', 'void')),
	CONSTRAINT "payments_amount_positive" CHECK ("amount_cents" > 0),
	CONSTRAINT "payments_void_reason_check" CHECK ("status" <> 'void' OR "void_reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_amount_positive" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_proofs_status_check" CHECK ("status" IN ('pending', 'verified', 'rejected')),
	CONSTRAINT "payment_proofs_amount_positive" CHECK ("amount_cents" > 0),
	CONSTRAINT "payment_proofs_rejected_reason" CHECK ("status" <> 'rejected' OR "reason" IS NOT NULL),
	CONSTRAINT "payment_proofs_verified_payment" CHECK ("status" <> 'verified' OR "payment_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaces_invoice_id_invoices_id_fk" FOREIGN KEY ("replaces_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaced_by_invoice_id_invoices_id_fk" FOREIGN KEY ("replaced_by_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_packages" ADD CONSTRAINT "invoice_packages_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_packages" ADD CONSTRAINT "invoice_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_packages" ADD CONSTRAINT "invoice_packages_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- packages.invoice_id (issue 11) names the package's live invoice.
ALTER TABLE "packages" ADD CONSTRAINT "packages_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_courier_no_key" ON "invoices" USING btree ("courier_id","invoice_no");--> statement-breakpoint
-- Lists: newest issued first, narrowed by status, branch; a customer's own; the network; search by number.
CREATE INDEX "invoices_courier_issued_idx" ON "invoices" USING btree ("courier_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_courier_status_idx" ON "invoices" USING btree ("courier_id","status","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_courier_branch_idx" ON "invoices" USING btree ("courier_id","branch_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_issued_idx" ON "invoices" USING btree ("customer_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin ("invoice_no" gin_trgm_ops);--> statement-breakpoint
-- What a customer owes (dashboard, counter): their open invoices only.
CREATE INDEX "invoices_customer_open_idx" ON "invoices" USING btree ("customer_id") WHERE "status" IN ('unpaid', 'partially_paid');--> statement-breakpoint
-- One live invoice per package: two issues at once cannot both bill it.
CREATE UNIQUE INDEX "invoice_packages_live_package_key" ON "invoice_packages" USING btree ("package_id") WHERE "live" AND NOT "supplementary";--> statement-breakpoint
CREATE INDEX "invoice_packages_package_idx" ON "invoice_packages" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_events_invoice_idx" ON "invoice_events" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_courier_no_key" ON "payments" USING btree ("courier_id","payment_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_courier_idempotency_key" ON "payments" USING btree ("courier_id","idempotency_key") WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_courier_recorded_idx" ON "payments" USING btree ("courier_id","recorded_at","id");--> statement-breakpoint
CREATE INDEX "payments_courier_status_idx" ON "payments" USING btree ("courier_id","status","recorded_at","id");--> statement-breakpoint
CREATE INDEX "payments_courier_method_idx" ON "payments" USING btree ("courier_id","method","recorded_at","id");--> statement-breakpoint
CREATE INDEX "payments_courier_branch_idx" ON "payments" USING btree ("courier_id","branch_id","recorded_at","id");--> statement-breakpoint
CREATE INDEX "payments_customer_recorded_idx" ON "payments" USING btree ("customer_id","recorded_at","id");--> statement-breakpoint
CREATE INDEX "payments_recorded_idx" ON "payments" USING btree ("recorded_at","id");--> statement-breakpoint
CREATE INDEX "payments_search_idx" ON "payments" USING gin (("payment_no" || ' ' || coalesce("reference", '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_allocations_payment_invoice_key" ON "payment_allocations" USING btree ("payment_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_proofs_courier_created_idx" ON "payment_proofs" USING btree ("courier_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_proofs_courier_status_idx" ON "payment_proofs" USING btree ("courier_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_proofs_customer_created_idx" ON "payment_proofs" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_proofs_invoice_idx" ON "payment_proofs" USING btree ("invoice_id");--> statement-breakpoint
CREATE TRIGGER invoices_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER invoice_packages_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invoice_packages FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER payments_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER payment_allocations_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_allocations FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER payment_proofs_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_proofs FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
