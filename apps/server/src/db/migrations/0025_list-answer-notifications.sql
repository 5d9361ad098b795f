-- Each instance keeps the flights list's first page, as sent, for the schools' administrators (modules/trips,
-- list-answers.ts), forgotten on the `trips` announcement of migration 0013. The page also shows each flight's audio
-- state, from its latest upload, and the e-mail of its owner and pilots: their changes are announced as well.
CREATE TRIGGER audio_uploads_announce_change
  AFTER INSERT OR DELETE OR TRUNCATE ON audio_uploads
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_flights_change();
--> statement-breakpoint
CREATE TRIGGER audio_uploads_status_announce_change
  AFTER UPDATE OF status ON audio_uploads
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_flights_change();
--> statement-breakpoint
CREATE TRIGGER users_email_announce_change
  AFTER UPDATE OF email ON users
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_flights_change();
