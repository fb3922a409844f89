-- Sessions end after an idle time (server/auth/sessionIdle.ts: settings.session, last_seen_at the idle
-- clock). A session may carry its own idle time in seconds: set only by the demo control
-- `POST /dev/session-idle` (never in production), so a test can watch a session end in seconds.
ALTER TABLE sessions ADD COLUMN idle_seconds integer;
