-- Issue 15 #2/#3: one table for every single-use link of an account. A link either sets a
-- password (reset or invitation) or confirms a new email address (new_email). Using a link,
-- changing the password or email, and re-sending an invitation end every other outstanding
-- link of the account (revoked_at), so no older link outlives what should have ended it.
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'password' NOT NULL;
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "new_email" text;
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "revoked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_purpose_check" CHECK ("purpose" IN ('password', 'email') AND ("purpose" = 'email') = ("new_email" IS NOT NULL));
--> statement-breakpoint
CREATE INDEX "password_reset_tokens_open_idx" ON "password_reset_tokens" ("principal_type", "principal_id") WHERE "used_at" IS NULL AND "revoked_at" IS NULL;
--> statement-breakpoint
-- Issue 15 #9: an impersonation grant, and the session it starts, live only as long as the
-- issuer's session that asked for it.
ALTER TABLE "impersonation_grants" ADD COLUMN "issuer_session_id" uuid;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_session_id" uuid;
