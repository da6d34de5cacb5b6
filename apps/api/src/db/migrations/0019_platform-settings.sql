-- Issue 14, /superadmin/settings (decision 023): the settings a new courier starts with, one row
-- for the whole platform. Its initial values are the figures of shared/domain.md that couriers
-- fell back on until now (GCT 15 %, no extra fees, divisor 166, uncollected after 15 days with
-- reminders at 7 and 14, abandoned after 60, the four ticket departments, no membership discount).
-- sender_name/sender_email null: the platform's email goes out from the server's MAIL_FROM.
CREATE TABLE "platform_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"gct" numeric(5, 2) DEFAULT 15 NOT NULL,
	"unknown_fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"uncollected_fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"switching_fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"volumetric_divisor" integer DEFAULT 166 NOT NULL,
	"storage_threshold_days" integer DEFAULT 15 NOT NULL,
	"storage_reminder_days" integer[] DEFAULT '{7,14}' NOT NULL,
	"storage_fee_mode" text DEFAULT 'once' NOT NULL,
	"storage_fee_cap_cents" integer,
	"abandonment_days" integer DEFAULT 60 NOT NULL,
	"ticket_departments" text[] DEFAULT '{General,Billing,Shipping,Customs}' NOT NULL,
	"membership_rates" jsonb DEFAULT '[{"membershipType":"standard","freightDiscountPercent":0,"waiveProcessingFee":false},{"membershipType":"student","freightDiscountPercent":0,"waiveProcessingFee":false},{"membershipType":"bpo_employee","freightDiscountPercent":0,"waiveProcessingFee":false},{"membershipType":"civil_servant","freightDiscountPercent":0,"waiveProcessingFee":false}]'::jsonb NOT NULL,
	"sender_name" text,
	"sender_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_single_row" CHECK ("id" = 1),
	CONSTRAINT "platform_settings_fee_mode_check" CHECK ("storage_fee_mode" IN ('once', 'per_day')),
	CONSTRAINT "platform_settings_sender_pair" CHECK (("sender_name" IS NULL) = ("sender_email" IS NULL))
);
--> statement-breakpoint
INSERT INTO "platform_settings" ("id") VALUES (1);
