-- Each instance keeps recently read aircraft in memory (modules/aircraft/aircraft-cache.ts). Each change
-- or removal of one is announced to every instance at commit, whichever code made it.
CREATE OR REPLACE FUNCTION skylog_announce_aircraft_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('skylog_access_changes', 'all');
  ELSE
    PERFORM pg_notify('skylog_access_changes', 'aircraft:' || OLD.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER aircraft_announce_change
  AFTER UPDATE OR DELETE ON aircraft
  FOR EACH ROW EXECUTE FUNCTION skylog_announce_aircraft_change();
--> statement-breakpoint
CREATE TRIGGER aircraft_announce_truncate
  AFTER TRUNCATE ON aircraft
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_aircraft_change();
