-- Issue 3: indexes of the list convention (sorts, filters, dropdown probes, search) and unique branch names.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "customers_courier_created_idx";--> statement-breakpoint
CREATE INDEX "customers_courier_created_idx" ON "customers" USING btree ("courier_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "branches_courier_name_key" ON "branches" USING btree ("courier_id",lower("name"));--> statement-breakpoint
CREATE INDEX "customers_courier_name_idx" ON "customers" USING btree ("courier_id",lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "customers_courier_branch_idx" ON "customers" USING btree ("courier_id","branch_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_courier_type_idx" ON "customers" USING btree ("courier_id","account_type","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_courier_membership_idx" ON "customers" USING btree ("courier_id","membership_type");--> statement-breakpoint
CREATE INDEX "customers_courier_active_idx" ON "customers" USING btree ("courier_id","is_active");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin (("mailbox_number" || ' ' || "first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "phone" || ' ' || coalesce("business_name", '')) gin_trgm_ops);
