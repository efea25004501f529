// Demo data written into a database (docs/design.md#runtime): the profiles and incidents
// generation.ts makes, plus (optionally) pending work in every staff queue. Everything is written
// in one transaction with reused prepared statements, so `seedDemo(db, { profiles: 100000 })`
// takes seconds, not minutes; the public profiles' sync texts and identifiers are stored after it.
import type { Db } from '../db/connection';
import { reserveRevisions } from '../db/revision';
import { fillProfileIdentifiers } from '../db/profile-identifiers';
import { fillPendingIdentifiers } from '../db/pending-identifiers';
import { fillSyncTexts } from '../features/sync/sync-texts';
import { caseId, editRequestCaseId } from '../../shared/domain/case-id';
import {
  applyShowcase, DAY_COUNT, Generator, makeEditChanges, makePendingIncident, makeProfile, mulberry32, personaOf, Rand,
  timestamp, type Generated, type IncidentRow, type Kind,
} from './generation';
import { SHOWCASE_PENDING, SHOWCASE_PROFILES, type ShowcaseProfile } from './showcase';
import { REMOVAL_EXPLANATIONS } from './vocabulary';

export interface SeedOptions {
  /** Verified profiles to create (pending extras come on top). Default 300. */
  profiles?: number;
  /** PRNG seed; the same seed gives identical data. Default 1337. */
  seed?: number;
  /** Also create unverified profiles, pending incidents, edit and removal requests. Default true. */
  pending?: boolean;
  /** The seeding moment: the demo's moderation events (auditDemoModeration) lie in the days before it. Default now. */
  now?: number;
}

export interface SeedResult {
  /** Profiles inserted, verified and unverified. */
  profiles: number;
  /** Incidents inserted, approved and pending. */
  incidents: number;
}

export const DEFAULT_SEED_PROFILES = 300;
export const DEFAULT_SEED = 1337;
const CASE_YEAR = 2025;
/** The showcase profiles (showcase.ts) by their place among the verified profiles. */
const SHOWCASE_AT: ReadonlyMap<number, ShowcaseProfile> = new Map(SHOWCASE_PROFILES.map((s) => [s.index, s]));

const EMPTY = '[]';
const json = (list: readonly unknown[]): string => (list.length === 0 ? EMPTY : JSON.stringify(list));

// ---------------------------------------------------------------------------------------------
// Insertion

const PROFILE_COLUMNS = [
  'kind', 'name', 'nickname', 'avatar', 'location', 'bio', 'gender', 'nationality', 'languages', 'accent',
  'geolocation', 'company', 'company_address', 'scam_type', 'industry', 'email', 'phone', 'telegram',
  'website', 'wallet_addresses', 'bank_accounts', 'ip_addresses', 'known_partners', 'companies_used',
  'currencies', 'bank', 'verification_status', 'joined_date', 'reported_person_date', 'submitted_at',
  'submitted_by', 'submission_kind', 'revision',
];
const INCIDENT_COLUMNS = [
  'profile_id', 'description', 'occurred', 'reported', 'amount', 'currency', 'types', 'nicknames',
  'industries', 'companies', 'company_addresses', 'websites', 'telegrams', 'emails', 'phones',
  'ip_addresses', 'wallet_addresses', 'bank_accounts', 'avatar', 'submitter_contact', 'submitted_by',
  'verification_status',
];
const insertSql = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;

/** Fills `db` with demo data in one transaction; returns how many profiles and incidents it added. */
export function seedDemo(db: Db, options: SeedOptions = {}): SeedResult {
  const count = options.profiles ?? DEFAULT_SEED_PROFILES;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`profiles must be a whole number >= 0, got ${count}`);
  const g = new Generator(new Rand(mulberry32(options.seed ?? DEFAULT_SEED)));
  const r = g.r;
  const withPending = options.pending ?? true;

  const insertProfile = db.prepare(insertSql('profiles', PROFILE_COLUMNS));
  const insertIncident = db.prepare(insertSql('incidents', INCIDENT_COLUMNS));

  let profiles = 0;
  let incidents = 0;

  const write = ({ profile: p, incidents: list }: Generated, revision: number): { id: number; incidentIds: number[] } => {
    const id = Number(insertProfile.run(
      p.kind, p.name, p.nickname, null, p.location, p.bio, p.gender, p.nationality, json(p.languages), p.accent,
      p.geolocation, json(p.company), json(p.company_address), json(p.scam_type), json(p.industry), json(p.email),
      json(p.phone), json(p.telegram), json(p.website), json(p.wallet_addresses), json(p.bank_accounts),
      json(p.ip_addresses), json(p.known_partners), json(p.companies_used), json(p.currencies), json(p.bank),
      p.verification_status, p.joined_date, p.reported_person_date, p.submitted_at, p.submitted_by,
      p.submission_kind, revision,
    ).lastInsertRowid);
    profiles++;
    const incidentIds: number[] = [];
    for (const i of list) incidentIds.push(writeIncident(id, i));
    return { id, incidentIds };
  };
  const writeIncident = (profileId: number, i: IncidentRow): number => {
    incidents++;
    return Number(insertIncident.run(
      profileId, i.description, i.occurred, i.reported, i.amount, i.currency, json(i.types), json(i.nicknames),
      json(i.industries), json(i.companies), json(i.company_addresses), json(i.websites), json(i.telegrams),
      json(i.emails), json(i.phones), json(i.ip_addresses), json(i.wallet_addresses), json(i.bank_accounts),
      null, i.submitter_contact, i.submitted_by, i.status,
    ).lastInsertRowid);
  };

  db.transaction(() => {
    // every verified profile gets its own revision: one reservation, consecutive values
    const firstRevision = count > 0 ? reserveRevisions(db, count) : 0;
    const ids: number[] = new Array(count);
    const firstIncidentIds: number[] = new Array(count);
    const kinds: Kind[] = new Array(count);
    const history: readonly [number, number] = [0, DAY_COUNT - 2];
    const moderated: ModeratedProfile[] = [];
    for (let index = 0; index < count; index++) {
      const showcase = SHOWCASE_AT.get(index);
      const drawn: Kind = r.chance(0.75) ? 'developer' : 'project';
      const kind = showcase?.kind ?? drawn;
      const generated = makeProfile(g, kind, index, 'verified', r.int(1, 5), history);
      if (showcase) applyShowcase(generated, showcase);
      const written = write(generated, firstRevision + index);
      ids[index] = written.id;
      firstIncidentIds[index] = written.incidentIds[0] as number;
      kinds[index] = kind;
      if (index >= count - DEMO_MODERATED_PROFILES) {
        moderated.push({ kind, id: written.id, incidentIds: written.incidentIds.filter((_, k) => generated.incidents[k]!.status === 'approved') });
      }
    }
    auditDemoModeration(db, moderated, options.now ?? Date.now());
    if (withPending) seedPending(db, g, { ids, firstIncidentIds, kinds }, write, writeIncident);
  })();
  // a seeded registry starts as a long-running server's would: every public profile's sync text stored
  fillSyncTexts(db);
  // the profiles were written around touchProfile: their identifiers (migrations/006) are written here
  fillProfileIdentifiers(db);
  // and those of what awaits review (migrations/011), which its triggers only marked stale
  fillPendingIdentifiers(db);

  return { profiles, incidents };
}

/** A registry that holds profiles is seeded only when asked to replace them (npm run seed -- --force). */
export class RegistryHoldsProfilesError extends Error {
  constructor(readonly where: string, readonly profiles: number) {
    super(`${where} already holds ${profiles} profiles; nothing was changed. Use --force to delete them and seed anew.`);
  }
}

export interface ReseedOptions extends SeedOptions {
  /** Delete the profiles the registry holds first (with their incidents and requests); without it a registry with profiles is refused. */
  force?: boolean;
}

export interface ReseedResult extends SeedResult {
  /** Profiles deleted first (force). */
  removed: number;
}

/**
 * npm run seed on a SQLite connection: seedDemo in one transaction, after deleting the profiles
 * already there when `force` is given (RegistryHoldsProfilesError when they are there without it).
 * What else the registry holds (users, sessions, the audit log …) stays.
 */
export function reseedDemo(db: Db, options: ReseedOptions = {}): ReseedResult {
  return db.transaction(() => {
    const existing = db.prepare('SELECT count(*) FROM profiles').pluck().get() as number;
    if (existing > 0 && !options.force) throw new RegistryHoldsProfilesError(db.name, existing);
    const removed = existing > 0 ? clearProfiles(db) : 0;
    const seeded = seedDemo(db, options);
    // a profile id used again is public again: its old tombstone goes (as touchProfile does)
    if (removed > 0) {
      db.prepare("DELETE FROM tombstones WHERE id IN (SELECT id FROM profiles WHERE verification_status = 'verified')").run();
    }
    return { ...seeded, removed };
  })();
}

/**
 * Deletes every profile (with its incidents and edit requests) and the removal requests that
 * point at them. Profiles that were public get a tombstone at a fresh revision, so replicas
 * drop them at their next sync (docs/design.md#sync).
 */
function clearProfiles(db: Db): number {
  const published = (db.prepare("SELECT count(*) FROM profiles WHERE verification_status = 'verified'").pluck().get() as number);
  if (published > 0) {
    const first = reserveRevisions(db, published);
    db.prepare(`INSERT INTO tombstones (kind, id, revision)
      SELECT kind, id, ? - 1 + row_number() OVER (ORDER BY id) FROM profiles WHERE verification_status = 'verified'
      ON CONFLICT (kind, id) DO UPDATE SET revision = excluded.revision`).run(first);
  }
  db.prepare('DELETE FROM removal_requests').run();
  db.prepare('DELETE FROM sync_texts').run(); // the seed writes the texts of the profiles it makes
  db.prepare('DELETE FROM profile_identifiers').run(); // and their identifiers: at once here, not row by row through the cascade
  return db.prepare('DELETE FROM profiles').run().changes;
}

// ---------------------------------------------------------------------------------------------
// The moderation record (docs/decisions/027): the feed (/feed.atom) lists verify and approve events of
// the audit log, which profiles seeded straight into the table have none of. The audit log keeps
// a year (AUDIT_RETENTION_DAYS) and the feed shows 50 events, so the last profiles seeded are
// given theirs, spread over the month before seeding; the older history keeps none, as a log
// pruned after a year would. A fixed number of rows, so a 100k seed costs no more.

/** Profiles whose verification (and their incidents' approval) the seed writes in the audit log. */
export const DEMO_MODERATED_PROFILES = 24;
/** The staff member the demo's moderation events name. */
export const DEMO_STAFF_ACTOR = 'demo-staff';
const HOUR_MS = 3_600_000;

interface ModeratedProfile {
  kind: Kind;
  id: number;
  incidentIds: number[];
}

function auditDemoModeration(db: Db, profiles: readonly ModeratedProfile[], now: number): void {
  const insert = db.prepare(`INSERT INTO audit_log (at, actor, action, target_kind, target_id, before, after)
    VALUES (?, '${DEMO_STAFF_ACTOR}', ?, ?, ?, ?, ?)`);
  const verified = JSON.stringify({ verification_status: 'verified' });
  const unverified = JSON.stringify({ verification_status: 'unverified' });
  const approved = JSON.stringify({ verification_status: 'approved' });
  const pending = JSON.stringify({ verification_status: 'pending' });
  // oldest first, so the audit ids (the feed's order) follow the times; roughly one profile a
  // day, in working hours, each incident approved within the hours after its profile
  const start = now - (profiles.length + 2) * 24 * HOUR_MS;
  profiles.forEach((p, n) => {
    let at = start + n * 24 * HOUR_MS + (9 + ((p.id * 7) % 8)) * HOUR_MS + ((p.id * 13) % 60) * 60_000;
    insert.run(new Date(at).toISOString(), `${p.kind}.verify`, p.kind, p.id, unverified, verified);
    for (const incidentId of p.incidentIds) {
      at += (5 + ((incidentId * 11) % 40)) * 60_000;
      insert.run(new Date(at).toISOString(), 'incident.approve', 'incident', incidentId, pending, approved);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Pending work for staff: one or more items in every queue of product.md#screens-admin ("Admin panel")

interface Published {
  ids: number[];
  firstIncidentIds: number[];
  kinds: Kind[];
}

function seedPending(
  db: Db,
  g: Generator,
  published: Published,
  write: (generated: Generated, revision: number) => { id: number; incidentIds: number[] },
  writeIncident: (profileId: number, incident: IncidentRow) => number,
): void {
  const r = g.r;
  const recent: readonly [number, number] = [DAY_COUNT - 240, DAY_COUNT - 92]; // mid 2025
  const submittedRecently = () => timestamp(r, r.int(DAY_COUNT - 60, DAY_COUNT - 1));

  // new reports: unverified profiles with pending incidents; not public, so no revision. Some
  // share identifiers with other reports or published profiles (showcase.ts SHOWCASE_PENDING).
  for (let i = 0; i < 9; i++) {
    const kind: Kind = i < 6 ? 'developer' : 'project';
    const generated = makeProfile(g, kind, -1, 'unverified', r.int(1, 2), recent);
    if (i === 0) generated.profile.wallet_addresses.push(SHOWCASE_PENDING.sharedWallet);
    if (i === 1) generated.incidents[0]!.wallet_addresses.push(SHOWCASE_PENDING.reportedTwice);
    if (i === 6) applyShowcase(generated, SHOWCASE_PENDING.impostor);
    const at = submittedRecently();
    generated.profile.submitted_at = at;
    generated.profile.reported_person_date = at;
    generated.profile.joined_date = at.slice(0, 10);
    write(generated, 0);
  }

  const count = published.ids.length;
  if (count === 0) return;
  const used = new Set<number>();
  /** A published profile index not used yet (of the wanted kind when there is one). */
  const target = (kind?: Kind): number => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const index = r.int(0, count - 1);
      if (used.has(index) && used.size < count) continue;
      if (kind && published.kinds[index] !== kind && attempt < 100) continue;
      used.add(index);
      return index;
    }
    return r.int(0, count - 1);
  };
  const profileName = db.prepare('SELECT name FROM profiles WHERE id = ?').pluck();
  const incidentDescription = db.prepare('SELECT description FROM incidents WHERE id = ?').pluck();

  // incidents added to published profiles, waiting for approval (some on projects)
  for (let i = 0; i < 8; i++) {
    const index = target(i < 3 ? 'project' : 'developer');
    const persona = personaOf(g, published.kinds[index] as Kind, profileName.get(published.ids[index]) as string);
    const incident = makePendingIncident(g, persona, recent);
    if (i === 0) incident.wallet_addresses.push(SHOWCASE_PENDING.reportedTwice.toLowerCase());
    writeIncident(published.ids[index] as number, incident);
  }

  // edit requests (product.md#entities proposed_changes shape)
  const insertEdit = db.prepare(`INSERT INTO edit_requests
    (profile_id, scam_id, full_name, contact_information, case_id, target_type, proposed_changes, verification_status, submitted_at, submitted_by)
    VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, 'Anonymous')`);
  const editTargets = ['developer', 'scam', 'both', 'scam'] as const;
  for (let i = 0; i < editTargets.length; i++) {
    const targetType = editTargets[i] as (typeof editTargets)[number];
    const index = target(i === 3 ? 'project' : 'developer');
    const profileId = published.ids[index] as number;
    const scamId = published.firstIncidentIds[index] as number;
    const persona = personaOf(g, published.kinds[index] as Kind, profileName.get(profileId) as string);
    const changes = makeEditChanges(g, targetType, scamId, persona);
    insertEdit.run(
      profileId, targetType === 'developer' ? null : scamId, 'Anonymous', g.contact(),
      editRequestCaseId(profileId, CASE_YEAR), targetType, JSON.stringify(changes), submittedRecently(),
    );
  }

  // removal requests: names copied at submission (schema comment on removal_requests)
  const insertRemoval = db.prepare(`INSERT INTO removal_requests
    (target_type, developer_id, project_id, scam_id, target_name, scam_description, case_id, full_name,
     contact_information, explanation, verification_status, submitted_at, submitted_by)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, 'Anonymous')`);
  const removalTargets = ['developer', 'project', 'scam', 'developer'] as const;
  for (let i = 0; i < removalTargets.length; i++) {
    const targetType = removalTargets[i] as (typeof removalTargets)[number];
    const index = target(targetType === 'scam' ? undefined : targetType);
    const profileId = published.ids[index] as number;
    const name = profileName.get(profileId) as string;
    const scamId = targetType === 'scam' ? published.firstIncidentIds[index] as number : null;
    // as the API stores it: a scam removal also names its profile, so staff see whose incident it is
    const profileKind = published.kinds[index] as Kind;
    insertRemoval.run(
      targetType,
      profileKind === 'developer' ? profileId : null,
      profileKind === 'project' ? profileId : null,
      scamId,
      name,
      scamId === null ? null : (incidentDescription.get(scamId) as string),
      caseId(profileId), // the case id the profile modal shows for the profile (product.md#constants)
      g.personName(),
      g.contact(),
      REMOVAL_EXPLANATIONS[i] as string,
      submittedRecently(),
    );
  }
}
