-- Issue 20, receipts: one row per accepted submission, found by the hash of its private token
-- (db/receipts.ts). The token itself is never stored here; the row names what was submitted, and
-- its status is read from that item (and the audit log) when asked, so it cannot go stale.
CREATE TABLE IF NOT EXISTS receipts (
  token_hash TEXT PRIMARY KEY, -- sha256 of the token, hex
  reference TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('developer', 'project', 'incident', 'edit_request', 'removal_request')),
  target_id INTEGER NOT NULL,
  submitted_at TEXT NOT NULL
) WITHOUT ROWID;
