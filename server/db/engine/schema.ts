// The registry's tables as Kysely sees them (docs/decisions/033-postgresql-foundation.md): one
// typed description for both engines, the SQLite schema of migrations/ at user_version 11 and the
// PostgreSQL one of postgres-migrations/. Both engines give the same JS values: INTEGER / bigint
// columns as numbers (the PostgreSQL pool parses int8, engine.ts), REAL / double precision as
// numbers, TEXT as strings. Lists stay JSON text and moments stay ISO text, on both: the app reads
// them whole, and a copy between engines is then byte for byte (copy.ts hashes it).
// schema.test.ts holds TABLES to both databases' catalogues, so neither drifts unnoticed.
import type { Generated } from 'kysely';

type ProfileKind = 'developer' | 'project';

export interface RevisionCounterTable { id: number; value: number }

export interface UsersTable {
  id: Generated<number>;
  username: string; // unique ignoring ASCII case (SQLite COLLATE NOCASE; PostgreSQL a unique index on lower())
  password_hash: string;
  is_staff: Generated<number>; // 0 or 1
  created_at: string;
}

type List = Generated<string>; // a JSON array, '[]' by default

export interface ProfilesTable {
  id: Generated<number>;
  kind: ProfileKind;
  name: string;
  nickname: Generated<string>;
  avatar: string | null;
  location: Generated<string>;
  bio: Generated<string>;
  gender: Generated<string>;
  nationality: Generated<string>;
  languages: List;
  accent: Generated<string>;
  geolocation: Generated<string>;
  company: List;
  company_address: List;
  scam_type: List;
  industry: List;
  email: List;
  phone: List;
  telegram: List;
  website: List;
  wallet_addresses: List;
  bank_accounts: List;
  ip_addresses: List;
  known_partners: List;
  companies_used: List;
  currencies: List;
  bank: List;
  verification_status: Generated<'unverified' | 'pending' | 'verified' | 'rejected'>;
  joined_date: string;
  reported_person_date: string;
  submitted_at: string;
  submitted_by: Generated<string>;
  submission_kind: string;
  revision: Generated<number>;
}

export interface IncidentsTable {
  id: Generated<number>;
  profile_id: number;
  description: string;
  occurred: string | null;
  reported: string;
  amount: number | null;
  currency: Generated<string>;
  types: List;
  nicknames: List;
  industries: List;
  companies: List;
  company_addresses: List;
  websites: List;
  telegrams: List;
  emails: List;
  phones: List;
  ip_addresses: List;
  wallet_addresses: List;
  bank_accounts: List;
  avatar: string | null;
  submitter_contact: Generated<string>;
  submitted_by: Generated<string>;
  verification_status: Generated<'pending' | 'approved' | 'rejected'>;
}

export interface TombstonesTable { kind: string; id: number; revision: number }

export interface EditRequestsTable {
  id: Generated<number>;
  profile_id: number;
  scam_id: number | null;
  full_name: string;
  contact_information: Generated<string>;
  case_id: string;
  target_type: string;
  proposed_changes: string;
  verification_status: Generated<'pending' | 'approved' | 'rejected'>;
  submitted_at: string;
  submitted_by: Generated<string>;
}

export interface RemovalRequestsTable {
  id: Generated<number>;
  target_type: 'developer' | 'project' | 'scam';
  developer_id: number | null;
  project_id: number | null;
  scam_id: number | null;
  target_name: string | null;
  scam_description: string | null;
  case_id: string;
  full_name: string;
  contact_information: string;
  explanation: string;
  verification_status: Generated<'pending' | 'processed' | 'rejected'>;
  submitted_at: string;
  submitted_by: Generated<string>;
}

export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  filters: string;
  query: Generated<string>;
  saved_at: string;
}

export interface SessionsTable { id_hash: string; user_id: number; created_at: number; expires_at: number }

export interface LoginFailuresTable { throttle_key: string; at: number }

export interface IdempotencyKeysTable { key: string; request_hash: string; status: number; body: string; created_at: number }

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor: string;
  action: string;
  target_kind: string | null;
  target_id: number | null;
  before: string | null;
  after: string | null;
}

/** `format`: the SYNC_TEXT_FORMAT that wrote it (migrations/012) */
export interface SyncTextsTable { id: number; revision: number; json: string; format: Generated<number> }

export interface ServerStateTable { key: string; value: string }

export interface ProfileIdentifiersTable { profile_id: number; kind: string; canonical: string; field: string; value: string }

export interface RateLimitsTable { key: string; points: Generated<number>; expire: number | null }

export interface ReceiptsTable {
  token_hash: string;
  reference: string;
  kind: 'developer' | 'project' | 'incident' | 'edit_request' | 'removal_request';
  target_id: number;
  submitted_at: string;
}

export interface PendingIdentifiersTable {
  profile_id: number;
  report_kind: string;
  report_id: number;
  seq: number;
  kind: string;
  canonical: string;
  field: string;
  value: string;
}

export interface PendingIdentifiersStaleTable { profile_id: number }

export interface Database {
  revision_counter: RevisionCounterTable;
  server_state: ServerStateTable;
  users: UsersTable;
  profiles: ProfilesTable;
  incidents: IncidentsTable;
  tombstones: TombstonesTable;
  edit_requests: EditRequestsTable;
  removal_requests: RemovalRequestsTable;
  saved_searches: SavedSearchesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  sync_texts: SyncTextsTable;
  profile_identifiers: ProfileIdentifiersTable;
  rate_limits: RateLimitsTable;
  receipts: ReceiptsTable;
  pending_identifiers: PendingIdentifiersTable;
  pending_identifiers_stale: PendingIdentifiersStaleTable;
}

export type TableName = keyof Database;

export interface TableSpec<T extends TableName = TableName> {
  /** Every column, in the order of the CREATE TABLE (and of a row in the content hash). */
  columns: readonly (keyof Database[T] & string)[];
  /** The primary key, the order rows are read and hashed in. A table without one lists every column. */
  key: readonly (keyof Database[T] & string)[];
  /** false: `key` does not identify a row (equal rows may repeat), so it is read by offset, not after a key. */
  unique: boolean;
  /** The id PostgreSQL numbers by an identity column (SQLite: the rowid alias). */
  identity?: keyof Database[T] & string;
}

/** A profile's columns that hold JSON lists of strings (besides `languages`, a list too, kept beside the person's other fields). */
export const PROFILE_LISTS = [
  'company', 'company_address', 'scam_type', 'industry', 'email', 'phone', 'telegram', 'website',
  'wallet_addresses', 'bank_accounts', 'ip_addresses', 'known_partners', 'companies_used', 'currencies', 'bank',
] as const;
/** An incident's columns that hold JSON lists of strings. */
export const INCIDENT_LISTS = [
  'types', 'nicknames', 'industries', 'companies', 'company_addresses', 'websites', 'telegrams', 'emails',
  'phones', 'ip_addresses', 'wallet_addresses', 'bank_accounts',
] as const;

/**
 * Every table, parents before the tables that point at them (the order a copy writes them in);
 * pending_identifiers_stale last: the triggers of migrations/011 fill it while profiles and
 * incidents are written, and a copy then replaces what they wrote with the source's rows.
 */
const TABLE_LIST = {
  revision_counter: { columns: ['id', 'value'], key: ['id'], unique: true },
  server_state: { columns: ['key', 'value'], key: ['key'], unique: true },
  users: { columns: ['id', 'username', 'password_hash', 'is_staff', 'created_at'], key: ['id'], unique: true, identity: 'id' },
  profiles: {
    columns: [
      'id', 'kind', 'name', 'nickname', 'avatar', 'location', 'bio', 'gender', 'nationality', 'languages', 'accent',
      'geolocation', ...PROFILE_LISTS, 'verification_status', 'joined_date', 'reported_person_date', 'submitted_at',
      'submitted_by', 'submission_kind', 'revision',
    ],
    key: ['id'], unique: true, identity: 'id',
  },
  incidents: {
    columns: [
      'id', 'profile_id', 'description', 'occurred', 'reported', 'amount', 'currency', ...INCIDENT_LISTS, 'avatar',
      'submitter_contact', 'submitted_by', 'verification_status',
    ],
    key: ['id'], unique: true, identity: 'id',
  },
  tombstones: { columns: ['kind', 'id', 'revision'], key: ['kind', 'id'], unique: true },
  edit_requests: {
    columns: [
      'id', 'profile_id', 'scam_id', 'full_name', 'contact_information', 'case_id', 'target_type', 'proposed_changes',
      'verification_status', 'submitted_at', 'submitted_by',
    ],
    key: ['id'], unique: true, identity: 'id',
  },
  removal_requests: {
    columns: [
      'id', 'target_type', 'developer_id', 'project_id', 'scam_id', 'target_name', 'scam_description', 'case_id',
      'full_name', 'contact_information', 'explanation', 'verification_status', 'submitted_at', 'submitted_by',
    ],
    key: ['id'], unique: true, identity: 'id',
  },
  saved_searches: { columns: ['id', 'user_id', 'name', 'filters', 'query', 'saved_at'], key: ['id'], unique: true, identity: 'id' },
  sessions: { columns: ['id_hash', 'user_id', 'created_at', 'expires_at'], key: ['id_hash'], unique: true },
  login_failures: { columns: ['throttle_key', 'at'], key: ['throttle_key', 'at'], unique: false },
  idempotency_keys: { columns: ['key', 'request_hash', 'status', 'body', 'created_at'], key: ['key'], unique: true },
  audit_log: {
    columns: ['id', 'at', 'actor', 'action', 'target_kind', 'target_id', 'before', 'after'],
    key: ['id'], unique: true, identity: 'id',
  },
  sync_texts: { columns: ['id', 'revision', 'json', 'format'], key: ['id'], unique: true },
  profile_identifiers: {
    columns: ['profile_id', 'kind', 'canonical', 'field', 'value'], key: ['profile_id', 'kind', 'canonical'], unique: true,
  },
  rate_limits: { columns: ['key', 'points', 'expire'], key: ['key'], unique: true },
  receipts: { columns: ['token_hash', 'reference', 'kind', 'target_id', 'submitted_at'], key: ['token_hash'], unique: true },
  pending_identifiers: {
    columns: ['profile_id', 'report_kind', 'report_id', 'seq', 'kind', 'canonical', 'field', 'value'],
    key: ['profile_id', 'report_kind', 'report_id', 'seq'], unique: true,
  },
  pending_identifiers_stale: { columns: ['profile_id'], key: ['profile_id'], unique: true },
} as const satisfies { [T in TableName]: TableSpec<T> };
export const TABLES: { readonly [T in TableName]: TableSpec<T> } = TABLE_LIST;

/** A table's spec where the table is not known until run time (copy.ts). */
export interface AnyTableSpec { columns: readonly string[]; key: readonly string[]; unique: boolean; identity?: string }
export const tableSpec = (table: TableName): AnyTableSpec => TABLES[table];

/** The tables in copy order. */
export const TABLE_NAMES = Object.keys(TABLES) as TableName[];

/** Rows the migrations themselves write (the counter at 0, server_state's formats): not registry data. */
export const SEEDED_BY_MIGRATIONS: readonly TableName[] = ['revision_counter', 'server_state'];

// A column added to an interface above but not to TABLES (or the reverse) fails to compile here.
type Missing<T extends TableName> = Exclude<keyof Database[T], (typeof TABLE_LIST)[T]['columns'][number]>;
type Unlisted = { [T in TableName]: Missing<T> }[TableName];
const allListed: [Unlisted] extends [never] ? true : Unlisted = true;
void allListed;
