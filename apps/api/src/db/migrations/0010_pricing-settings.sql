-- Issue 13 "Money" and "Membership rates and the customs calculator": the pricing, storage and
-- customs settings of a courier, all money in integer cents (J$ cents; US$ cents for the de minimis).
-- A courier without a row prices with the defaults of shared/domain.md (DEFAULT_PRICING_SETTINGS).
CREATE TABLE "courier_pricing_settings" (
  "courier_id" uuid PRIMARY KEY NOT NULL REFERENCES "couriers"("id") ON DELETE CASCADE,
  -- J$ cents per US$1 (15650 = J$156.50) and the day the courier set it; null until set.
  "exchange_rate_jmd_cents" integer CHECK ("exchange_rate_jmd_cents" > 0),
  "exchange_rate_set_on" date,
  "sea_rate_per_cubic_foot_cents" integer CHECK ("sea_rate_per_cubic_foot_cents" > 0),
  "sea_minimum_cents" integer DEFAULT 0 NOT NULL CHECK ("sea_minimum_cents" >= 0),
  "storage_threshold_days" integer DEFAULT 15 NOT NULL CHECK ("storage_threshold_days" >= 1),
  "storage_reminder_days" integer[] DEFAULT '{7,14}' NOT NULL,
  "storage_fee_mode" text DEFAULT 'once' NOT NULL CHECK ("storage_fee_mode" IN ('once', 'per_day')),
  "storage_fee_cap_cents" integer CHECK ("storage_fee_cap_cents" >= 0),
  "abandonment_days" integer DEFAULT 60 NOT NULL CHECK ("abandonment_days" >= 1),
  "customs_de_minimis_usd_cents" integer DEFAULT 10000 NOT NULL CHECK ("customs_de_minimis_usd_cents" >= 0),
  "customs_scf_percent" numeric(7, 4) DEFAULT 0.3 NOT NULL,
  "customs_envl_percent" numeric(7, 4) DEFAULT 0.5 NOT NULL,
  "customs_stamp_duty_cents" integer DEFAULT 10000 NOT NULL CHECK ("customs_stamp_duty_cents" >= 0),
  "customs_stamp_duty_threshold_cents" integer DEFAULT 550000 NOT NULL CHECK ("customs_stamp_duty_threshold_cents" >= 0),
  "customs_gct_percent" numeric(7, 4) DEFAULT 15 NOT NULL,
  "customs_insurance_air_percent" numeric(7, 4) DEFAULT 1 NOT NULL,
  "customs_insurance_sea_percent" numeric(7, 4) DEFAULT 1.5 NOT NULL,
  -- [{ code, name, dutyPercent, gctPercent }]; null: the default list.
  "customs_categories" jsonb,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One row per (courier, membership type) once the courier edits it; missing types are 0 % / not waived.
CREATE TABLE "membership_rates" (
  "courier_id" uuid NOT NULL REFERENCES "couriers"("id") ON DELETE CASCADE,
  "membership_type" text NOT NULL CHECK ("membership_type" IN ('standard', 'student', 'bpo_employee', 'civil_servant')),
  "freight_discount_percent" numeric(5, 2) DEFAULT 0 NOT NULL CHECK ("freight_discount_percent" >= 0 AND "freight_discount_percent" <= 100),
  "waive_processing_fee" boolean DEFAULT false NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("courier_id", "membership_type")
);
