-- Each instance keeps the exact totals of recently asked flight lists in memory (modules/trips, the list's
-- count). Any change that could change a total is announced to every instance at commit: flights, who
-- they are shared with, their audio, instructor–student links (a person's scope), and the names and tail
-- numbers a search matches. One announcement per statement; PostgreSQL sends one per transaction.
CREATE OR REPLACE FUNCTION skylog_announce_flights_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('skylog_access_changes', 'trips');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER trips_announce_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON trips
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_flights_change();
--> statement-breakpoint
CREATE TRIGGER trip_shares_announce_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON trip_shares
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_flights_change();
--> statement-breakpoint
CREATE TRIGGER trip_audio_announce_change
  AFTER INSERT OR DELETE OR TRUNCATE ON trip_audio
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_flights_change();
--> statement-breakpoint
CREATE TRIGGER student_instructor_announce_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON student_instructor
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_flights_change();
--> statement-breakpoint
CREATE TRIGGER users_name_announce_change
  AFTER UPDATE OF name ON users
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_flights_change();
--> statement-breakpoint
CREATE TRIGGER aircraft_tail_announce_change
  AFTER UPDATE OF tail_number ON aircraft
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_flights_change();
