-- Every instance keeps the callers it has seen (their open sessions and memberships) in memory.
-- Whatever could change who a caller is or what they may do in a business announces itself on
-- the fieldops_callers channel when its transaction commits, so that every instance forgets it.
CREATE FUNCTION fieldops_caller_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('fieldops_callers', 's:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('fieldops_callers', 'u:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'business_members' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('fieldops_callers', 'u:' || OLD.user_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('fieldops_callers', 'u:' || NEW.user_id);
    END IF;
  ELSIF TG_TABLE_NAME = 'businesses' THEN
    PERFORM pg_notify('fieldops_callers', 'b:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_caller_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION fieldops_caller_changed();
--> statement-breakpoint
CREATE TRIGGER users_caller_changed AFTER UPDATE OF activated, must_change_password OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION fieldops_caller_changed();
--> statement-breakpoint
CREATE TRIGGER business_members_caller_changed AFTER INSERT OR UPDATE OR DELETE ON business_members FOR EACH ROW EXECUTE FUNCTION fieldops_caller_changed();
--> statement-breakpoint
CREATE TRIGGER businesses_caller_changed AFTER UPDATE OF api_key, time_zone OR DELETE ON businesses FOR EACH ROW EXECUTE FUNCTION fieldops_caller_changed();
