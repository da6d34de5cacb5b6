-- Issue 13 (an arrival's 5,000 invoices in under 3 s) and every status move of many parcels: the
-- packages' trigram index moves to a table of its own. An UPDATE that changes an indexed column (a
-- status does) writes a new entry in every index of packages for each row, and the trigram index's
-- entry (a GIN insertion of some forty trigrams, without a pending list since 0031) cost as much as
-- the other fourteen indexes together: a 5,000-parcel arrival's UPDATE took about 900 ms with it and
-- 480 ms without (docs/decisions/018, "Fourth pass"). The numbers a search matches change rarely, so
-- they live in package_search, written by these triggers on packages and by nothing else: a new
-- parcel's row in the statement that inserts it, and a changed number in the statement that changes it.
CREATE TABLE "package_search" (
	"package_id" uuid PRIMARY KEY NOT NULL,
	"courier_id" uuid NOT NULL,
	"text" text NOT NULL
);--> statement-breakpoint
ALTER TABLE "package_search" ADD CONSTRAINT "package_search_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- packageSearchText (db/schema/packages.ts) is the same expression; packages.test.ts checks they agree.
CREATE FUNCTION parceldesk_package_search_text(p packages) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT p."package_no" || ' ' || p."tracking_number" || ' ' || coalesce(p."external_control_number", '') || ' ' || coalesce(p."external_package_id", '')
$fn$;--> statement-breakpoint
INSERT INTO "package_search" ("package_id", "courier_id", "text")
  SELECT p."id", p."courier_id", parceldesk_package_search_text(p) FROM "packages" p;--> statement-breakpoint
CREATE INDEX "package_search_text_idx" ON "package_search" USING gin ("text" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE FUNCTION parceldesk_package_search_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "package_search" ("package_id", "courier_id", "text")
    SELECT n."id", n."courier_id", parceldesk_package_search_text(n) FROM new_rows n;
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE FUNCTION parceldesk_package_search_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE "package_search" SET "courier_id" = NEW."courier_id", "text" = parceldesk_package_search_text(NEW)
  WHERE "package_id" = NEW."id";
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE TRIGGER packages_search_insert AFTER INSERT ON packages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_package_search_insert();--> statement-breakpoint
-- A row trigger with its WHEN: a status move (the common UPDATE) is passed over without a call.
CREATE TRIGGER packages_search_update AFTER UPDATE OF "package_no", "tracking_number", "external_control_number", "external_package_id", "courier_id" ON packages
  FOR EACH ROW WHEN (OLD."package_no" IS DISTINCT FROM NEW."package_no" OR OLD."tracking_number" IS DISTINCT FROM NEW."tracking_number"
    OR OLD."external_control_number" IS DISTINCT FROM NEW."external_control_number" OR OLD."external_package_id" IS DISTINCT FROM NEW."external_package_id"
    OR OLD."courier_id" IS DISTINCT FROM NEW."courier_id")
  EXECUTE FUNCTION parceldesk_package_search_update();--> statement-breakpoint
DROP INDEX "packages_search_idx";
