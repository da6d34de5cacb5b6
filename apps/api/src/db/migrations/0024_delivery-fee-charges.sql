-- Issue 13 follow-up (docs/decisions/019 and 026): a delivery fee that no unpaid invoice can take
-- (every invoice of the request's parcels has payments) is recorded as a package charge of kind
-- delivery_fee and billed by lib/invoice-charges.ts like storage and switching charges: on a
-- supplementary invoice, exactly once. One fee charge per delivery request, whatever the retries.
ALTER TABLE "package_charges" DROP CONSTRAINT "package_charges_kind_check";--> statement-breakpoint
ALTER TABLE "package_charges" ADD CONSTRAINT "package_charges_kind_check" CHECK ("kind" IN ('switching', 'delivery_fee'));--> statement-breakpoint
CREATE UNIQUE INDEX "package_charges_delivery_fee_once" ON "package_charges" USING btree (("details"->>'deliveryRequestId')) WHERE "kind" = 'delivery_fee';
