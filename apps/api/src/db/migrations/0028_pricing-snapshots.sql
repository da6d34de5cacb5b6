-- Issue 13, "Performance" (docs/decisions/018-invoices.md): the courier's settings an issue priced
-- its invoices with, kept once per issue instead of inside every invoice's pricing_snapshot. A
-- 5,000-parcel arrival wrote the same ~4.5 KB of settings 5,000 times (each row TOASTed and
-- compressed): 3.1-3.9 s of a 4-5 s insert at load 8, against 1.0 s without.
-- An invoice still explains itself: pricing_snapshot keeps the parcel as priced, and
-- pricing_snapshot_id names the settings. Invoices issued before keep their settings inline.
CREATE TABLE "pricing_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "pricing_snapshots" ADD CONSTRAINT "pricing_snapshots_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pricing_snapshots_courier_idx" ON "pricing_snapshots" USING btree ("courier_id","taken_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pricing_snapshot_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pricing_snapshot_id_pricing_snapshots_id_fk" FOREIGN KEY ("pricing_snapshot_id") REFERENCES "public"."pricing_snapshots"("id") ON DELETE no action ON UPDATE no action;
