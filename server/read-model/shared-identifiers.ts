// Shared identifiers for staff (issue 16, step 7): beside a submission awaiting review, the
// verified profiles and the other pending submissions that hold the same identifiers, by the
// canonical forms of shared/identifiers, and how many distinct reports name each one.
//
// A *report* is an incident, or a profile's own details (a reported profile's, or what an approved
// edit wrote onto a profile). A *submission* is what the admin panel shows as a card: a reported
// profile with its incidents (kind developer or project, its id), or an incident reported on a
// profile that is no longer awaiting review (kind scam, the incident's id). An incident of a
// reported profile is part of that profile's submission, so the two never list each other.
//
// The verified side is read through profile_identifiers (migrations/006), the pending side through
// pending_identifiers (migrations/011): only the identifiers of the items read are looked up (issue
// 18: reading every pending report took ~4 s at 100k). Profiles a writer outside the API left
// stale are read from their rows instead (db/pending-identifiers.ts pendingReportsOfOn).
// On the data layer (issue 21, docs/decisions/035): engine-neutral SQL, on the app's Kysely or a transaction.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/engine/schema';
import { INCIDENT_LISTS_SQL, PROFILE_LISTS_SQL } from '../db/profile-identifiers';
import { isAwaiting, pendingReportsOfOn, reportIdentifiers, staleProfilesOn, type PendingReport } from '../db/pending-identifiers';
import type { ProfileKind } from '../../shared/contract/common';
import type { SharedIdentifier, SharingProfile, SharingSubmission } from '../../shared/contract/shared-identifiers';
import { caseId } from '../../shared/domain/case-id';
import type { IdentifierKind, ProfileIdentifier } from '../../shared/identifiers';

export { PENDING_SIDE_SQL } from '../db/pending-identifiers';

/** Verified profiles listed per identifier (the reports are counted over these). */
export const SHARED_MAX_PROFILES = 50;

/** IBANs and other account numbers share their canonical form: either kind stands for both. */
const keyOf = (kind: IdentifierKind, canonical: string) => `${kind === 'iban' ? 'bank_account' : kind} ${canonical}`;
const kindsOf = (kind: IdentifierKind): IdentifierKind[] => (kind === 'iban' || kind === 'bank_account' ? ['iban', 'bank_account'] : [kind]);

/** One pending report naming an identifier. */
interface Naming {
  report: string;
  /** the card it belongs to: 'developer:12', 'project:7' or 'scam:40' */
  submission: string;
  field: string;
  value: string;
}

/** A row of pending_identifiers (or of a stale profile's reports, read from its rows). */
type NamingRow = [profileId: number, reportKind: 'profile' | 'incident', reportId: number, seq: number, field: string, value: string];
type SubmitterRow = [kind: ProfileKind, name: string, submissionKind: string | null, status: string];
type HoldingRow = [profileId: number, kind: ProfileKind, name: string, field: string, value: string];

/** SQLite's BINARY order (UTF-8 bytes), as profiles_public (kind, verification_status, name) gives it. */
const binary = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

// What the reader computes from the rows it has read: plain functions, no queries.

/** The card an incident belongs to: an incident not rejected of a profile awaiting review is part of that profile's submission. */
function incidentSubmission(incidentId: number, profileId: number, status: string, submitter: SubmitterRow | undefined): string {
  return submitter && status !== 'rejected' && isAwaiting(submitter[0], submitter[3]) ? `${submitter[0]}:${profileId}` : `scam:${incidentId}`;
}

/** One identifier as staff see it beside `own`, or null when nothing else shares it. */
function sharedEntry(
  identifier: ProfileIdentifier, own: string, excludedProfile: number | null, pending: readonly Naming[], holding: readonly SharingProfile[],
  submissionOf: (submission: string) => Omit<SharingSubmission, 'field' | 'value'>, reportsIn: (profileId: number) => Map<string, number>,
): SharedIdentifier | null {
  const key = keyOf(identifier.kind, identifier.canonical);
  const profiles = holding.filter((p) => p.id !== excludedProfile);
  const submissions: SharingSubmission[] = [];
  const listed = new Set<string>([own]);
  for (const naming of pending) {
    if (listed.has(naming.submission)) continue;
    listed.add(naming.submission);
    submissions.push({ ...submissionOf(naming.submission), field: naming.field, value: naming.value });
  }
  let reports = new Set(pending.map((n) => n.report)).size;
  for (const profile of profiles) reports += reportsIn(profile.id).get(key) ?? 0;
  // a listed profile read by staff: its own reports count too (a reported one's are pending ones)
  if (own.startsWith('listed:') && excludedProfile !== null) reports += reportsIn(excludedProfile).get(key) ?? 0;
  if (profiles.length === 0 && submissions.length === 0 && reports < 2) return null;
  return {
    kind: identifier.kind, canonical: identifier.canonical, field: identifier.field, value: identifier.value,
    reports, profiles, submissions,
  };
}

/** The verified profiles holding an identifier, each once, from its kinds' rows in turn. */
function holdingProfiles(rowsOfKinds: readonly (readonly HoldingRow[])[]): SharingProfile[] {
  const seen = new Set<number>();
  const out: SharingProfile[] = [];
  for (const rows of rowsOfKinds) {
    for (const [id, profileKind, name, field, value] of rows) {
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ id, kind: profileKind, name, case_id: caseId(id), field, value });
    }
  }
  return out.slice(0, SHARED_MAX_PROFILES);
}

/** How many of the reports (list texts) of a profile name each identifier. */
function countReports(profileId: number, reportLists: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const lists of reportLists) {
    for (const i of reportIdentifiers(profileId, [lists])) {
      const key = keyOf(i.kind, i.canonical);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** The pending reports' rows in the order SharedIdentifiersOn.namings documents, given each row's profile. */
function orderNamings(rows: readonly NamingRow[], submitterOf: (profileId: number) => SubmitterRow | undefined): Naming[] {
  const placed = rows.flatMap((row) => {
    const [profileId, reportKind, reportId] = row;
    const submitter = submitterOf(profileId);
    if (!submitter) return [];
    const awaiting = isAwaiting(submitter[0], submitter[3]);
    const group = reportKind === 'profile' ? 0 : awaiting ? 1 : 2;
    const submission = awaiting ? `${submitter[0]}:${profileId}` : `scam:${reportId}`;
    return [{ row, submitter, group, submission }];
  });
  placed.sort((a, b) => a.group - b.group
    || (a.group === 0 ? binary(a.submitter[0], b.submitter[0]) || binary(a.submitter[3], b.submitter[3]) || binary(a.submitter[1], b.submitter[1]) : 0)
    || a.row[2] - b.row[2] || a.row[3] - b.row[3]);
  return placed.map(({ row: [, reportKind, reportId, , field, value], submission }) => ({ report: `${reportKind}:${reportId}`, submission, field, value }));
}

/** The stale profiles' reports as pending rows, by identifier. */
function staleNamings(reports: readonly PendingReport[]): Map<string, NamingRow[]> {
  const namings = new Map<string, NamingRow[]>();
  for (const { reportKind, reportId, profileId, identifiers } of reports) {
    identifiers.forEach((i, seq) => {
      const key = keyOf(i.kind, i.canonical);
      const row: NamingRow = [profileId, reportKind, reportId, seq, i.field, i.value];
      const list = namings.get(key);
      if (list) list.push(row);
      else namings.set(key, [row]);
    });
  }
  return namings;
}

/** The rows naming an identifier (either kind), the stale profiles' taken from their rows instead. */
function pendingRows(identifier: ProfileIdentifier, stored: readonly NamingRow[], stale: { ids: Set<number>; namings: Map<string, NamingRow[]> }): NamingRow[] {
  return [...stored.filter((row) => !stale.ids.has(row[0])), ...(stale.namings.get(keyOf(identifier.kind, identifier.canonical)) ?? [])];
}

/** Shared identifiers of submissions, for one staff read: each identifier's pending reports are looked up when asked. */
export class SharedIdentifiersOn {
  private readonly submitters = new Map<number, SubmitterRow | undefined>();
  private readonly reportsInProfile = new Map<number, Map<string, number>>();
  private stale: { ids: Set<number>; namings: Map<string, NamingRow[]> } | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** A reported profile (or, for staff reading a listed one, a verified profile). */
  async ofProfile(profileId: number): Promise<SharedIdentifier[]> {
    const row = await this.db.selectFrom('profiles as p')
      .select(['p.kind', 'p.verification_status', sql<string>`${sql.raw(PROFILE_LISTS_SQL)}`.as('lists')])
      .where('p.id', '=', profileId)
      .executeTakeFirst();
    if (!row) return [];
    const awaiting = row.verification_status === 'unverified' || row.verification_status === 'pending';
    // a reported profile is its details and every incident not rejected; a listed one what it shows
    const incidentLists: string[] = [];
    for (const status of awaiting ? ['pending', 'approved'] as const : ['approved'] as const) {
      const incidents = await this.db.selectFrom('incidents as i').select(sql<string>`${sql.raw(INCIDENT_LISTS_SQL)}`.as('lists'))
        .where('i.profile_id', '=', profileId).where('i.verification_status', '=', status)
        .orderBy('i.id')
        .execute();
      incidentLists.push(...incidents.map((i) => i.lists));
    }
    const own = awaiting ? `${row.kind}:${profileId}` : `listed:${profileId}`;
    return this.shared(reportIdentifiers(profileId, [row.lists, ...incidentLists]), own, profileId);
  }

  /** An incident (whatever its state): what it names. */
  async ofIncident(incidentId: number): Promise<SharedIdentifier[]> {
    const row = await this.incident(incidentId);
    if (!row) return [];
    const own = incidentSubmission(incidentId, row.profile_id, row.verification_status, await this.submitter(row.profile_id));
    return this.shared(reportIdentifiers(row.profile_id, [row.lists]), own, null);
  }

  private async shared(identifiers: readonly ProfileIdentifier[], own: string, excludedProfile: number | null): Promise<SharedIdentifier[]> {
    const out: SharedIdentifier[] = [];
    for (const identifier of identifiers) {
      const pending = await this.namings(identifier);
      const holding = await this.holding(identifier);
      // what sharedEntry looks up, read first (it is synchronous)
      const submissions = new Map<string, Omit<SharingSubmission, 'field' | 'value'>>();
      for (const { submission } of pending) {
        if (submission !== own && !submissions.has(submission)) submissions.set(submission, await this.submissionOf(submission));
      }
      for (const { id } of holding) await this.reportsIn(id);
      if (excludedProfile !== null) await this.reportsIn(excludedProfile);
      const entry = sharedEntry(identifier, own, excludedProfile, pending, holding,
        (submission) => submissions.get(submission)!, (profileId) => this.reportsInProfile.get(profileId)!);
      if (entry) out.push(entry);
    }
    return out;
  }

  private incident(incidentId: number) {
    return this.db.selectFrom('incidents as i')
      .select(['i.id', 'i.profile_id', 'i.verification_status', sql<string>`${sql.raw(INCIDENT_LISTS_SQL)}`.as('lists')])
      .where('i.id', '=', incidentId)
      .executeTakeFirst();
  }

  private async holding(identifier: ProfileIdentifier): Promise<SharingProfile[]> {
    const rowsOfKinds: HoldingRow[][] = [];
    for (const kind of kindsOf(identifier.kind)) {
      const rows = await this.db.selectFrom('profile_identifiers as pi').innerJoin('profiles as p', 'p.id', 'pi.profile_id')
        .select(['pi.profile_id', 'p.kind', 'p.name', 'pi.field', 'pi.value'])
        .where('pi.kind', '=', kind).where('pi.canonical', '=', identifier.canonical)
        // COLLATE NOCASE's order on both engines: lower() folds ASCII only, in SQLite and under PostgreSQL's "C"
        .orderBy(sql`lower(p.name)`).orderBy('p.id')
        .limit(SHARED_MAX_PROFILES)
        .execute();
      rowsOfKinds.push(rows.map((r): HoldingRow => [r.profile_id, r.kind, r.name, r.field, r.value]));
    }
    return holdingProfiles(rowsOfKinds);
  }

  private async reportsIn(profileId: number): Promise<Map<string, number>> {
    let counts = this.reportsInProfile.get(profileId);
    if (!counts) {
      const own = await this.db.selectFrom('profiles as p').select(sql<string>`${sql.raw(PROFILE_LISTS_SQL)}`.as('lists'))
        .where('p.id', '=', profileId).execute();
      const approved = await this.db.selectFrom('incidents as i').select(sql<string>`${sql.raw(INCIDENT_LISTS_SQL)}`.as('lists'))
        .where('i.profile_id', '=', profileId).where('i.verification_status', '=', 'approved').execute();
      counts = countReports(profileId, [...own, ...approved].map((r) => r.lists));
      this.reportsInProfile.set(profileId, counts);
    }
    return counts;
  }

  /**
   * The pending reports naming an identifier (either kind, for IBANs and account numbers), in the
   * order the whole pending side was once read in: reported profiles by kind, status, name and id;
   * then incidents of those, by id; then the other pending incidents, by id; each report's
   * identifiers in profileIdentifiers' order.
   */
  private async namings(identifier: ProfileIdentifier): Promise<Naming[]> {
    const stored: NamingRow[] = [];
    for (const kind of kindsOf(identifier.kind)) {
      const rows = await this.db.selectFrom('pending_identifiers')
        .select(['profile_id', 'report_kind', 'report_id', 'seq', 'field', 'value'])
        .where('kind', '=', kind).where('canonical', '=', identifier.canonical)
        .execute();
      stored.push(...rows.map((r): NamingRow => [r.profile_id, r.report_kind as NamingRow[1], r.report_id, r.seq, r.field, r.value]));
    }
    const rows = pendingRows(identifier, stored, await this.staleSide());
    for (const [profileId] of rows) await this.submitter(profileId);
    return orderNamings(rows, (profileId) => this.submitters.get(profileId));
  }

  private async submissionOf(submission: string): Promise<Omit<SharingSubmission, 'field' | 'value'>> {
    const [type, idText] = submission.split(':') as [string, string];
    const id = Number(idText);
    if (type !== 'scam') {
      const [kind, name, submissionKind] = (await this.submitter(id))!;
      return { type: kind, id, name, profile_kind: kind, submission_kind: submissionKind };
    }
    const { profile_id: profileId } = (await this.incident(id))!;
    const [kind, name] = (await this.submitter(profileId))!;
    return { type: 'scam', id, name, profile_kind: kind, submission_kind: null };
  }

  private async submitter(profileId: number): Promise<SubmitterRow | undefined> {
    if (!this.submitters.has(profileId)) {
      const row = await this.db.selectFrom('profiles').select(['kind', 'name', 'submission_kind', 'verification_status'])
        .where('id', '=', profileId).executeTakeFirst();
      this.submitters.set(profileId, row && [row.kind, row.name, row.submission_kind, row.verification_status]);
    }
    return this.submitters.get(profileId);
  }

  /** Profiles a writer outside the API changed since the table was last written: their reports, from their rows. */
  private async staleSide() {
    if (this.stale) return this.stale;
    const ids = new Set(await staleProfilesOn(this.db));
    const reports: PendingReport[] = [];
    for (const id of ids) reports.push(...await pendingReportsOfOn(this.db, id));
    this.stale = { ids, namings: staleNamings(reports) };
    return this.stale;
  }
}

/** A reader for one staff read, on the app's Kysely or a transaction; read it in one transaction with what it is attached to. */
export function sharedIdentifiersOn(db: Kysely<Database>): SharedIdentifiersOn {
  return new SharedIdentifiersOn(db);
}
