-- docs/design.md#limits: the counters of the limits on public work that hold across restarts
-- (http/limit-store.ts), in the shape rate-limiter-flexible's RateLimiterSQLite reads: a key, the
-- points counted in its window and when the window ends (ms since the epoch).
CREATE TABLE IF NOT EXISTS rate_limits (
  key TEXT PRIMARY KEY,
  points INTEGER NOT NULL DEFAULT 0,
  expire INTEGER
);
CREATE INDEX IF NOT EXISTS rate_limits_expire ON rate_limits (expire);
-- the background chores prune by age (http/prune.ts)
CREATE INDEX IF NOT EXISTS idempotency_keys_created ON idempotency_keys (created_at);
CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log (at);
-- the staff queues' pages (http/queue-page.ts): oldest first, after the last item seen
CREATE INDEX IF NOT EXISTS incidents_queue ON incidents (verification_status, reported, id);
CREATE INDEX IF NOT EXISTS edit_requests_queue ON edit_requests (verification_status, submitted_at, id);
CREATE INDEX IF NOT EXISTS removal_requests_queue ON removal_requests (verification_status, submitted_at, id);
