-- Issue 6: lists keep their dropdown options in memory (apps/api/src/lib/list-options-cache.ts).
-- Any committed change to a table a list reads tells every API instance to drop them. One
-- NOTIFY per statement (not per row), delivered at commit and only then.
CREATE OR REPLACE FUNCTION parceldesk_notify_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parceldesk_list_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER couriers_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON couriers FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
--> statement-breakpoint
CREATE TRIGGER branches_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON branches FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
--> statement-breakpoint
CREATE TRIGGER roles_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
--> statement-breakpoint
CREATE TRIGGER users_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
--> statement-breakpoint
CREATE TRIGGER customers_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
--> statement-breakpoint
CREATE TRIGGER tickets_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tickets FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
--> statement-breakpoint
CREATE TRIGGER ticket_departments_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ticket_departments FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
--> statement-breakpoint
CREATE TRIGGER ticket_reads_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ticket_reads FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
--> statement-breakpoint
CREATE TRIGGER audit_logs_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON audit_logs FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
--> statement-breakpoint
CREATE TRIGGER notifications_list_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notifications FOR EACH STATEMENT EXECUTE FUNCTION parceldesk_notify_list_change();
