CREATE TABLE "courier_email_configs" (
	"courier_id" uuid PRIMARY KEY NOT NULL,
	"smtp_host" text NOT NULL,
	"smtp_port" integer NOT NULL,
	"smtp_user" text NOT NULL,
	"smtp_password_encrypted" text NOT NULL,
	"from_email" text NOT NULL,
	"from_name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_fee_settings" (
	"courier_id" uuid PRIMARY KEY NOT NULL,
	"gct" numeric(5, 2) DEFAULT 15 NOT NULL,
	"unknown_fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"uncollected_fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"switching_fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processing_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"weight_range" text NOT NULL,
	"min_lbs" numeric(10, 2) NOT NULL,
	"max_lbs" numeric(10, 2) NOT NULL,
	"fee" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"weight" text NOT NULL,
	"weight_lbs" numeric(10, 2) NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "rate_sheet_file_id" uuid;--> statement-breakpoint
ALTER TABLE "courier_email_configs" ADD CONSTRAINT "courier_email_configs_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_fee_settings" ADD CONSTRAINT "courier_fee_settings_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_fees" ADD CONSTRAINT "processing_fees_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processing_fees_courier_idx" ON "processing_fees" USING btree ("courier_id","min_lbs");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_rates_courier_weight_key" ON "shipping_rates" USING btree ("courier_id","weight_lbs");--> statement-breakpoint
CREATE INDEX "stored_files_courier_idx" ON "stored_files" USING btree ("courier_id","kind");