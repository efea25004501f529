-- The identifiers each public profile holds, one row per kind and canonical form
-- (shared/identifiers profileIdentifiers over the profile as the registry shows it: its own values
-- joined with those of its approved incidents), but its case id, which is its id. GET /api/check and the moderation's shared
-- identifiers look a pasted identifier up here by (kind, canonical). Written in the transaction of
-- every public change (db/revision.ts touchProfile, tombstoneProfile) and by the seed; only public
-- profiles have rows. The canonical forms are a function of shared/identifiers too, so the rows
-- carry a format (db/profile-identifiers.ts PROFILE_IDENTIFIERS_FORMAT): '0' here means "never
-- filled", and opening the database fills the table whenever the recorded format is not the
-- code's (db/connection.ts migrate). Safe to run again (a database rolled back to an older
-- user_version by hand, as tests do): the rows are then written anew.
CREATE TABLE IF NOT EXISTS profile_identifiers (
  profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  kind TEXT NOT NULL, -- shared/identifiers IdentifierKind: 'evm', 'phone', 'domain', 'telegram', 'case_id'…
  canonical TEXT NOT NULL, -- the form every pasted form of the identifier shares
  field TEXT NOT NULL, -- the profile field that holds it: 'walletAddresses', 'phone', 'website', 'id'…
  value TEXT NOT NULL, -- the value as the profile shows it
  PRIMARY KEY (profile_id, kind, canonical)
) WITHOUT ROWID;
-- (db/profile-identifiers.ts drops and makes it again, the same, while it writes the whole table)
CREATE INDEX IF NOT EXISTS profile_identifiers_canonical ON profile_identifiers (kind, canonical);
INSERT OR REPLACE INTO server_state (key, value) VALUES ('profile_identifiers_format', '0');
