-- The registry's storage. Lists are JSON arrays of strings (bank accounts: arrays of
-- {bank_name, account}); they are read whole and never queried inside SQL.

-- One counter orders every change to publicly visible data (DESIGN.md "Replica sync").
CREATE TABLE revision_counter (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
INSERT INTO revision_counter (id, value) VALUES (1, 0);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  is_staff INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

-- Scammers (kind 'developer') and projects (kind 'project') share one id space.
CREATE TABLE profiles (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('developer', 'project')),
  name TEXT NOT NULL,
  nickname TEXT NOT NULL DEFAULT '',
  avatar TEXT,
  location TEXT NOT NULL DEFAULT '',
  bio TEXT NOT NULL DEFAULT '',
  gender TEXT NOT NULL DEFAULT 'Not Specified',
  nationality TEXT NOT NULL DEFAULT '',
  languages TEXT NOT NULL DEFAULT '[]',
  accent TEXT NOT NULL DEFAULT '',
  geolocation TEXT NOT NULL DEFAULT '',
  company TEXT NOT NULL DEFAULT '[]',
  company_address TEXT NOT NULL DEFAULT '[]',
  scam_type TEXT NOT NULL DEFAULT '[]',
  industry TEXT NOT NULL DEFAULT '[]',
  email TEXT NOT NULL DEFAULT '[]',
  phone TEXT NOT NULL DEFAULT '[]',
  telegram TEXT NOT NULL DEFAULT '[]',
  website TEXT NOT NULL DEFAULT '[]',
  wallet_addresses TEXT NOT NULL DEFAULT '[]',
  bank_accounts TEXT NOT NULL DEFAULT '[]',
  ip_addresses TEXT NOT NULL DEFAULT '[]',
  known_partners TEXT NOT NULL DEFAULT '[]',
  companies_used TEXT NOT NULL DEFAULT '[]',
  currencies TEXT NOT NULL DEFAULT '[]',
  bank TEXT NOT NULL DEFAULT '[]',
  verification_status TEXT NOT NULL DEFAULT 'unverified'
    CHECK (verification_status IN ('unverified', 'pending', 'verified', 'rejected')),
  joined_date TEXT NOT NULL,
  reported_person_date TEXT NOT NULL,
  submitted_at TEXT NOT NULL,
  submitted_by TEXT NOT NULL DEFAULT 'Anonymous',
  submission_kind TEXT NOT NULL,
  -- the revision at which this profile (or one of its approved incidents) last changed
  revision INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX profiles_public ON profiles (kind, verification_status, name);
CREATE INDEX profiles_revision ON profiles (revision);

CREATE TABLE incidents (
  id INTEGER PRIMARY KEY,
  profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  description TEXT NOT NULL,
  occurred TEXT,
  reported TEXT NOT NULL,
  amount REAL,
  currency TEXT NOT NULL DEFAULT 'USD',
  types TEXT NOT NULL DEFAULT '[]',
  nicknames TEXT NOT NULL DEFAULT '[]',
  industries TEXT NOT NULL DEFAULT '[]',
  companies TEXT NOT NULL DEFAULT '[]',
  company_addresses TEXT NOT NULL DEFAULT '[]',
  websites TEXT NOT NULL DEFAULT '[]',
  telegrams TEXT NOT NULL DEFAULT '[]',
  emails TEXT NOT NULL DEFAULT '[]',
  phones TEXT NOT NULL DEFAULT '[]',
  ip_addresses TEXT NOT NULL DEFAULT '[]',
  wallet_addresses TEXT NOT NULL DEFAULT '[]',
  bank_accounts TEXT NOT NULL DEFAULT '[]',
  avatar TEXT,
  submitter_contact TEXT NOT NULL DEFAULT '',
  submitted_by TEXT NOT NULL DEFAULT 'Anonymous',
  verification_status TEXT NOT NULL DEFAULT 'pending'
    CHECK (verification_status IN ('pending', 'approved', 'rejected'))
);
CREATE INDEX incidents_profile ON incidents (profile_id, verification_status);
CREATE INDEX incidents_status ON incidents (verification_status);

-- Profiles that left public view, so replicas drop them (DESIGN.md "Replica sync").
CREATE TABLE tombstones (
  kind TEXT NOT NULL,
  id INTEGER NOT NULL,
  revision INTEGER NOT NULL,
  PRIMARY KEY (kind, id)
);
CREATE INDEX tombstones_revision ON tombstones (revision);

CREATE TABLE edit_requests (
  id INTEGER PRIMARY KEY,
  profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  scam_id INTEGER,
  full_name TEXT NOT NULL,
  contact_information TEXT NOT NULL DEFAULT '',
  case_id TEXT NOT NULL,
  target_type TEXT NOT NULL,
  proposed_changes TEXT NOT NULL,
  verification_status TEXT NOT NULL DEFAULT 'pending'
    CHECK (verification_status IN ('pending', 'approved', 'rejected')),
  submitted_at TEXT NOT NULL,
  submitted_by TEXT NOT NULL DEFAULT 'Anonymous'
);
CREATE INDEX edit_requests_status ON edit_requests (verification_status);

-- Targets are kept as plain ids with their names copied at submission: processing a request
-- deletes its target, and the request must still read well afterwards.
CREATE TABLE removal_requests (
  id INTEGER PRIMARY KEY,
  target_type TEXT NOT NULL CHECK (target_type IN ('developer', 'project', 'scam')),
  developer_id INTEGER,
  project_id INTEGER,
  scam_id INTEGER,
  target_name TEXT,
  scam_description TEXT,
  case_id TEXT NOT NULL,
  full_name TEXT NOT NULL,
  contact_information TEXT NOT NULL,
  explanation TEXT NOT NULL,
  verification_status TEXT NOT NULL DEFAULT 'pending'
    CHECK (verification_status IN ('pending', 'processed', 'rejected')),
  submitted_at TEXT NOT NULL,
  submitted_by TEXT NOT NULL DEFAULT 'Anonymous'
);
CREATE INDEX removal_requests_status ON removal_requests (verification_status);

CREATE TABLE saved_searches (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  filters TEXT NOT NULL,
  query TEXT NOT NULL DEFAULT '',
  saved_at TEXT NOT NULL
);
CREATE INDEX saved_searches_user ON saved_searches (user_id, saved_at);

-- Only a hash of the session id is stored: a leaked database does not hand out sessions.
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_expiry ON sessions (expires_at);

CREATE TABLE login_failures (
  throttle_key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX login_failures_key ON login_failures (throttle_key, at);

-- DESIGN.md "Outbox": a replayed request gets the stored answer.
CREATE TABLE idempotency_keys (
  key TEXT PRIMARY KEY,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target_kind TEXT,
  target_id INTEGER,
  before TEXT,
  after TEXT
);
CREATE INDEX audit_log_target ON audit_log (target_kind, target_id);
