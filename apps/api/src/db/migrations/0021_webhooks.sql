-- Outbound webhooks (issue 17, docs/decisions/025-webhooks.md). An event row and one delivery row
-- per subscribed endpoint are written by triggers on the history tables, so they commit or roll
-- back with the change they report, whichever service wrote the history row.
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE CASCADE,
	"url" text NOT NULL,
	"description" text,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_events_check" CHECK (cardinality("events") > 0 AND "events" <@ ARRAY['package.received', 'package.status_changed', 'manifest.status_changed', 'invoice.issued', 'payment.recorded']::text[])
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_courier_idx" ON "webhook_endpoints" ("courier_id");
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE CASCADE,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
-- One row per (endpoint, event): the unique key is what makes delivery exactly-once per pair.
-- `generation` counts resends; `enqueued_generation` is the generation already handed to the job
-- queue (pg-boss), so the dispatcher enqueues each generation once.
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE CASCADE,
	"endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
	"event_id" uuid NOT NULL REFERENCES "webhook_events"("id") ON DELETE CASCADE,
	"status" text DEFAULT 'pending' NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"enqueued_generation" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_duration_ms" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" IN ('pending', 'delivered', 'failed')),
	CONSTRAINT "webhook_deliveries_once" UNIQUE ("endpoint_id", "event_id")
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "created_at");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_to_enqueue_idx" ON "webhook_deliveries" ("created_at") WHERE "status" = 'pending' AND "enqueued_generation" < "generation";
--> statement-breakpoint
-- Records an event for every active endpoint of the courier subscribed to its type (nothing when none is).
CREATE FUNCTION webhook_emit(p_courier uuid, p_type text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	v_event uuid;
BEGIN
	IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE courier_id = p_courier AND is_active AND p_type = ANY(events)) THEN
		RETURN;
	END IF;
	INSERT INTO webhook_events (courier_id, type, data) VALUES (p_courier, p_type, p_data) RETURNING id INTO v_event;
	INSERT INTO webhook_deliveries (courier_id, endpoint_id, event_id)
		SELECT p_courier, id, v_event FROM webhook_endpoints WHERE courier_id = p_courier AND is_active AND p_type = ANY(events);
END $$;
--> statement-breakpoint
-- package.received for a 'received' history row; package.status_changed when a row's status
-- differs from the one before it (its details' `from`, else the package's previous history row).
CREATE FUNCTION webhook_package_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_prev text;
	v_pkg packages%ROWTYPE;
BEGIN
	IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE courier_id = NEW.courier_id AND is_active) THEN
		RETURN NULL;
	END IF;
	SELECT * INTO v_pkg FROM packages WHERE id = NEW.package_id;
	IF NEW.kind = 'received' THEN
		PERFORM webhook_emit(NEW.courier_id, 'package.received', jsonb_build_object(
			'packageId', v_pkg.id, 'packageNumber', v_pkg.package_no, 'trackingNumber', v_pkg.tracking_number, 'status', NEW.status,
			'customerId', v_pkg.customer_id, 'service', v_pkg.service, 'weight', v_pkg.weight, 'occurredAt', NEW.created_at));
		RETURN NULL;
	END IF;
	v_prev := NEW.details->>'from';
	IF v_prev IS NULL THEN
		SELECT status INTO v_prev FROM package_events WHERE package_id = NEW.package_id AND id <> NEW.id ORDER BY created_at DESC, id DESC LIMIT 1;
	END IF;
	IF v_prev IS DISTINCT FROM NEW.status THEN
		PERFORM webhook_emit(NEW.courier_id, 'package.status_changed', jsonb_build_object(
			'packageId', v_pkg.id, 'packageNumber', v_pkg.package_no, 'trackingNumber', v_pkg.tracking_number,
			'previousStatus', v_prev, 'status', NEW.status, 'customerId', v_pkg.customer_id, 'note', NEW.note, 'occurredAt', NEW.created_at));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "package_events_webhooks" AFTER INSERT ON "package_events" FOR EACH ROW EXECUTE FUNCTION webhook_package_event();
--> statement-breakpoint
CREATE FUNCTION webhook_manifest_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.from_status IS NOT DISTINCT FROM NEW.to_status THEN
		RETURN NULL;
	END IF;
	PERFORM webhook_emit(NEW.courier_id, 'manifest.status_changed', (SELECT jsonb_build_object(
		'manifestId', m.id, 'manifestNumber', m.number, 'service', m.service, 'previousStatus', NEW.from_status, 'status', NEW.to_status,
		'occurredAt', NEW.created_at) FROM manifests m WHERE m.id = NEW.manifest_id));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "manifest_events_webhooks" AFTER INSERT ON "manifest_events" FOR EACH ROW EXECUTE FUNCTION webhook_manifest_event();
--> statement-breakpoint
CREATE FUNCTION webhook_invoice_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.kind <> 'issued' THEN
		RETURN NULL;
	END IF;
	PERFORM webhook_emit(NEW.courier_id, 'invoice.issued', (SELECT jsonb_build_object(
		'invoiceId', i.id, 'invoiceNumber', i.invoice_no, 'customerId', i.customer_id, 'currency', i.currency, 'totalCents', i.total_cents,
		'occurredAt', NEW.created_at) FROM invoices i WHERE i.id = NEW.invoice_id));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoice_events_webhooks" AFTER INSERT ON "invoice_events" FOR EACH ROW EXECUTE FUNCTION webhook_invoice_event();
--> statement-breakpoint
CREATE FUNCTION webhook_payment_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.kind <> 'recorded' THEN
		RETURN NULL;
	END IF;
	PERFORM webhook_emit(NEW.courier_id, 'payment.recorded', (SELECT jsonb_build_object(
		'paymentId', p.id, 'paymentNumber', p.payment_no, 'customerId', p.customer_id, 'method', p.method, 'currency', p.currency,
		'amountCents', p.amount_cents, 'occurredAt', NEW.created_at) FROM payments p WHERE p.id = NEW.payment_id));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payment_events_webhooks" AFTER INSERT ON "payment_events" FOR EACH ROW EXECUTE FUNCTION webhook_payment_event();
