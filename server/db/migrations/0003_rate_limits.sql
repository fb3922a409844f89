-- Rate-limit counters shared by every server instance (server/limits). One row per counted key
-- (the SHA-256 of rule, scope and subject: no e-mail address or client address is stored in clear).
-- A sliding-window estimate: the hits of the current fixed window plus the previous window's hits
-- weighted by how much of it still overlaps the sliding window.
CREATE TABLE rate_limits (
  key_hash text PRIMARY KEY,
  -- start of the current window, epoch milliseconds
  window_start bigint NOT NULL,
  hits integer NOT NULL,
  prev_hits integer NOT NULL DEFAULT 0,
  -- when the row stops mattering (two windows after window_start), epoch milliseconds
  expires_at bigint NOT NULL
);
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);

-- The per-account lock is replaced by the counters above (a lock per account let anyone lock an owner out).
ALTER TABLE users DROP COLUMN failed_logins;
ALTER TABLE users DROP COLUMN locked_until;
