-- The identifiers each report awaiting review names (issue 18), one row per identifier, in the
-- canonical forms of shared/identifiers, so a staff read of a queue page looks up the identifiers
-- of its items by (kind, canonical) instead of reading and canonicalising every pending report
-- (~4 s at 100k). A report is a reported profile's own details (report_kind 'profile') or an
-- incident ('incident'); the pending ones are those shared-identifiers.ts reads: an awaiting
-- profile's details and its incidents not rejected, and the pending incidents of other profiles.
-- A profile's rows are rewritten from its rows and its incidents' (db/pending-identifiers.ts):
-- the triggers below only mark the profile stale, in the writer's transaction, whoever writes;
-- every API write rewrites the stale profiles' rows before it commits (http/write.ts), the
-- server's start does too, and a read takes the stale ones from their rows, not from the table.
CREATE TABLE IF NOT EXISTS pending_identifiers (
  profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  report_kind TEXT NOT NULL, -- 'profile' or 'incident'
  report_id INTEGER NOT NULL, -- the profile's id or the incident's
  seq INTEGER NOT NULL, -- its place among the report's identifiers, in profileIdentifiers' order
  kind TEXT NOT NULL, -- shared/identifiers IdentifierKind, never 'case_id'
  canonical TEXT NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL, -- as the report gives it
  PRIMARY KEY (profile_id, report_kind, report_id, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS pending_identifiers_canonical ON pending_identifiers (kind, canonical);

-- profiles whose rows above may be out of date
CREATE TABLE IF NOT EXISTS pending_identifiers_stale (profile_id INTEGER PRIMARY KEY);

CREATE TRIGGER IF NOT EXISTS pending_identifiers_profile_insert AFTER INSERT ON profiles BEGIN
  INSERT OR IGNORE INTO pending_identifiers_stale (profile_id) VALUES (NEW.id);
END;
CREATE TRIGGER IF NOT EXISTS pending_identifiers_profile_update
AFTER UPDATE OF id, kind, verification_status, email, phone, telegram, website, wallet_addresses, bank_accounts, ip_addresses ON profiles BEGIN
  INSERT OR IGNORE INTO pending_identifiers_stale (profile_id) VALUES (OLD.id), (NEW.id);
END;
CREATE TRIGGER IF NOT EXISTS pending_identifiers_incident_insert AFTER INSERT ON incidents BEGIN
  INSERT OR IGNORE INTO pending_identifiers_stale (profile_id) VALUES (NEW.profile_id);
END;
CREATE TRIGGER IF NOT EXISTS pending_identifiers_incident_update
AFTER UPDATE OF id, profile_id, verification_status, emails, phones, telegrams, websites, wallet_addresses, bank_accounts, ip_addresses ON incidents BEGIN
  INSERT OR IGNORE INTO pending_identifiers_stale (profile_id) VALUES (OLD.profile_id), (NEW.profile_id);
END;
CREATE TRIGGER IF NOT EXISTS pending_identifiers_incident_delete AFTER DELETE ON incidents BEGIN
  INSERT OR IGNORE INTO pending_identifiers_stale (profile_id) VALUES (OLD.profile_id);
END;

-- '0': never filled; opening the database fills the table (db/connection.ts migrate)
INSERT OR REPLACE INTO server_state (key, value) VALUES ('pending_identifiers_format', '0');

-- The reported-profile queues' page (features/profiles/service.ts awaitingReview: kind = ? AND
-- verification_status IN ('unverified', 'pending') ORDER BY submitted_at, id) read in order,
-- instead of sorting every reported profile of the kind (50k at 100k pending) for each page.
CREATE INDEX IF NOT EXISTS profiles_awaiting ON profiles (kind, submitted_at, id) WHERE verification_status IN ('unverified', 'pending');
