-- Issue 15, item 4: sign-in slow-down needs the time of the last failure of an (account, address) pair.
ALTER TABLE "rate_limits" ADD COLUMN "last_hit_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- Issue 15, item 8: a revoked (or deleted) session tells every API instance at commit, so its open
-- event streams close at once. One NOTIFY per session on the live-events channel.
CREATE OR REPLACE FUNCTION parceldesk_notify_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parceldesk_events', json_build_object('kind', 'session.revoked', 'sessionId', OLD.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked_notify AFTER UPDATE OF revoked_at ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION parceldesk_notify_session_revoked();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION parceldesk_notify_session_revoked();
