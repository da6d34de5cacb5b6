-- Issue 13 (billing gaps): charges recorded on a parcel after its invoice (storage days of the
-- uncollected sweep, the switching fee of a branch change) are billed on an invoice line exactly
-- once. Each charge names the invoice and the line that bill it; the database refuses to move a
-- billed charge to another invoice unless the invoice it was on is void (the replacement takes it).
ALTER TABLE "package_charges" ADD CONSTRAINT "package_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_charges" ADD COLUMN "invoice_line_id" uuid;--> statement-breakpoint
ALTER TABLE "package_charges" ADD COLUMN "invoice_line_id" uuid;--> statement-breakpoint
ALTER TABLE "storage_charges" ADD CONSTRAINT "storage_charges_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_charges" ADD CONSTRAINT "package_charges_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Storage charges billed before this migration: the storage line the sweep added for the parcel.
UPDATE "storage_charges" sc SET "invoice_line_id" = (
  SELECT l."id" FROM "invoice_lines" l WHERE l."invoice_id" = sc."invoice_id" AND l."package_id" = sc."package_id" AND l."code" = 'storage_fee'
  ORDER BY l."position" DESC LIMIT 1)
WHERE sc."invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "package_charges_pending_idx" ON "package_charges" USING btree ("package_id") WHERE "invoice_id" IS NULL;--> statement-breakpoint
CREATE INDEX "storage_charges_package_pending_idx" ON "storage_charges" USING btree ("package_id") WHERE "invoice_id" IS NULL;--> statement-breakpoint
CREATE FUNCTION parceldesk_charge_billed_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."invoice_id" IS NOT NULL AND NEW."invoice_line_id" IS NULL THEN
    RAISE EXCEPTION 'a billed charge names its invoice line (%.%)', TG_TABLE_NAME, NEW."id" USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."invoice_id" IS NOT NULL AND NEW."invoice_id" IS DISTINCT FROM OLD."invoice_id"
     AND NOT EXISTS (SELECT 1 FROM "invoices" i WHERE i."id" = OLD."invoice_id" AND i."status" = 'void') THEN
    RAISE EXCEPTION 'charge %.% is already billed on invoice %', TG_TABLE_NAME, OLD."id", OLD."invoice_id" USING ERRCODE = 'unique_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER storage_charges_billed_once BEFORE INSERT OR UPDATE OF "invoice_id", "invoice_line_id" ON "storage_charges" FOR EACH ROW EXECUTE FUNCTION parceldesk_charge_billed_once();--> statement-breakpoint
CREATE TRIGGER package_charges_billed_once BEFORE INSERT OR UPDATE OF "invoice_id", "invoice_line_id" ON "package_charges" FOR EACH ROW EXECUTE FUNCTION parceldesk_charge_billed_once();
