-- Issue 14 (delivery proof): a photo taken at the door proves a delivery instead of (or as well as)
-- the recipient's signature (docs/decisions/019-delivery.md). Stored like package photos, in stored_files.
ALTER TABLE "delivery_requests" ADD COLUMN "photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_photo_file_id_stored_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;
