-- Issue 14, batch emails (/admin/batch-emails; docs/decisions/021-batch-emails.md). A batch is
-- composed once; its recipients are chosen set-based when it is sent (one INSERT … SELECT) and the
-- unique (batch, customer) key is what keeps anyone from getting a batch twice. A background job
-- turns recipients into outbox rows in chunks; the unique outbox key per recipient makes a rerun
-- (a restart mid-send, a retried job) add nothing. The outbox's own status flows back to the
-- recipient through a trigger, which also tells the live path (parceldesk_events).
ALTER TABLE "customers" ADD COLUMN "marketing_emails" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "email_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"batch_no" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"audience_label" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"recipient_count" integer NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	CONSTRAINT "email_batches_status_check" CHECK ("status" IN ('queued', 'sending'))
);
--> statement-breakpoint
CREATE TABLE "email_batch_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"outbox_id" uuid,
	"error" text,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_batch_recipients_status_check" CHECK ("status" IN ('queued', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "batch_recipient_id" uuid;
--> statement-breakpoint
ALTER TABLE "email_batches" ADD CONSTRAINT "email_batches_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_batches" ADD CONSTRAINT "email_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_batch_recipients" ADD CONSTRAINT "email_batch_recipients_batch_id_email_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."email_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_batch_recipients" ADD CONSTRAINT "email_batch_recipients_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_batch_recipients" ADD CONSTRAINT "email_batch_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_batch_recipient_id_fk" FOREIGN KEY ("batch_recipient_id") REFERENCES "public"."email_batch_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_batches_courier_no_key" ON "email_batches" USING btree ("courier_id","batch_no");--> statement-breakpoint
CREATE INDEX "email_batches_courier_created_idx" ON "email_batches" USING btree ("courier_id","created_at","id");--> statement-breakpoint
CREATE INDEX "email_batches_pending_idx" ON "email_batches" USING btree ("created_at") WHERE "status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "email_batch_recipients_batch_customer_key" ON "email_batch_recipients" USING btree ("batch_id","customer_id");--> statement-breakpoint
CREATE INDEX "email_batch_recipients_batch_status_idx" ON "email_batch_recipients" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "email_batch_recipients_unqueued_idx" ON "email_batch_recipients" USING btree ("batch_id") WHERE "outbox_id" IS NULL AND "status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_batch_recipient_key" ON "email_outbox" USING btree ("batch_recipient_id") WHERE "batch_recipient_id" IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER email_batches_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON email_batches FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
CREATE TRIGGER email_batch_recipients_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON email_batch_recipients FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();--> statement-breakpoint
-- The outbox worker knows nothing of batches: a batch email's delivery (sent) or failed attempt
-- (back to pending with an error; it is retried, and becomes sent if a retry succeeds) is copied
-- to its recipient here, and the batch's screen hears of it on the live channel.
CREATE OR REPLACE FUNCTION parceldesk_batch_recipient_progress() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF NEW.batch_recipient_id IS NULL OR NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'sent' THEN
    UPDATE email_batch_recipients SET status = 'sent', sent_at = NEW.sent_at, error = NULL, updated_at = now()
      WHERE id = NEW.batch_recipient_id RETURNING batch_id, courier_id INTO r;
  ELSIF NEW.status = 'pending' AND NEW.last_error IS NOT NULL THEN
    UPDATE email_batch_recipients SET status = 'failed', error = NEW.last_error, updated_at = now()
      WHERE id = NEW.batch_recipient_id AND status <> 'sent' RETURNING batch_id, courier_id INTO r;
  ELSE
    RETURN NULL;
  END IF;
  IF r.batch_id IS NOT NULL THEN
    PERFORM pg_notify('parceldesk_events', json_build_object('family', 'batchEmails', 'kind', 'batch.progress',
      'courierId', r.courier_id, 'customerId', NULL, 'audience', 'staff', 'batchId', r.batch_id)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER email_outbox_batch_progress AFTER UPDATE OF status ON email_outbox FOR EACH ROW EXECUTE FUNCTION parceldesk_batch_recipient_progress();
