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
// The verified side is read through profile_identifiers (migrations/006); the pending side is
// read whole once per staff read (one reader per request), as it is small: what awaits review.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/connection';
import { identifierSource, INCIDENT_LISTS_SQL, PROFILE_LISTS_SQL } from '../db/profile-identifiers';
import type { ProfileKind } from '../../shared/contract/common';
import type { SharedIdentifier, SharingProfile, SharingSubmission } from '../../shared/contract/shared-identifiers';
import { caseId } from '../../shared/domain/case-id';
import { profileIdentifiers, type IdentifierKind, type ProfileIdentifier } from '../../shared/identifiers';

/** Verified profiles listed per identifier (the reports are counted over these). */
export const SHARED_MAX_PROFILES = 50;

const AWAITING = "('unverified', 'pending')";
// every kind named, so profiles_public (kind, verification_status, name) finds the few awaiting
// review instead of scanning every profile (~270 ms at 100k, on each staff read); incidents are
// reached through those profiles (incidents_profile), not by scanning every incident
const AWAITING_PROFILES = `p.kind IN ('developer', 'project') AND p.verification_status IN ${AWAITING}`;
const PENDING_PROFILES = `SELECT p.id, p.kind, p.name, p.submission_kind, ${PROFILE_LISTS_SQL} FROM profiles p WHERE ${AWAITING_PROFILES}`;
const INCIDENTS_OF_PENDING_PROFILES = `SELECT i.id, i.profile_id, ${INCIDENT_LISTS_SQL} FROM profiles p CROSS JOIN incidents i ON i.profile_id = p.id
  WHERE ${AWAITING_PROFILES} AND i.verification_status <> 'rejected' ORDER BY i.id`;
const PENDING_INCIDENTS_ELSEWHERE = `SELECT i.id, i.profile_id, p.kind, p.name, ${INCIDENT_LISTS_SQL} FROM incidents i JOIN profiles p ON p.id = i.profile_id
  WHERE i.verification_status = 'pending' AND p.verification_status NOT IN ${AWAITING} ORDER BY i.id`;
const PROFILE = `SELECT p.id, p.kind, p.name, p.verification_status, ${PROFILE_LISTS_SQL} FROM profiles p WHERE p.id = ?`;
const INCIDENT = `SELECT i.id, i.profile_id, ${INCIDENT_LISTS_SQL} FROM incidents i WHERE i.id = ?`;
const INCIDENTS_OF = `SELECT ${INCIDENT_LISTS_SQL} FROM incidents i WHERE i.profile_id = ? AND i.verification_status = ? ORDER BY i.id`;
const HOLDING = `SELECT pi.profile_id, p.kind, p.name, pi.field, pi.value FROM profile_identifiers pi JOIN profiles p ON p.id = pi.profile_id
  WHERE pi.kind = ? AND pi.canonical = ? ORDER BY p.name COLLATE NOCASE, p.id LIMIT ?`;
const OWN_AND_APPROVED = `SELECT ${PROFILE_LISTS_SQL} FROM profiles p WHERE p.id = ?
  UNION ALL SELECT ${INCIDENT_LISTS_SQL} FROM incidents i WHERE i.profile_id = ? AND i.verification_status = 'approved'`;

/** The pending side's reads, read whole on each staff read: each must find its rows through an index. */
export const PENDING_SIDE_SQL = { PENDING_PROFILES, INCIDENTS_OF_PENDING_PROFILES, PENDING_INCIDENTS_ELSEWHERE } as const;

interface Statements {
  pendingProfiles: Statement<[]>; incidentsOfPendingProfiles: Statement<[]>; pendingIncidentsElsewhere: Statement<[]>;
  profile: Statement<[number]>; incident: Statement<[number]>; incidentsOf: Statement<[number, string], string>;
  holding: Statement<[string, string, number]>; ownAndApproved: Statement<[number, number], string>;
}
const statements = new WeakMap<Db, Statements>();

function prepared(db: Db): Statements {
  let s = statements.get(db);
  if (!s) {
    s = {
      pendingProfiles: db.prepare<[]>(PENDING_PROFILES).raw(true),
      incidentsOfPendingProfiles: db.prepare<[]>(INCIDENTS_OF_PENDING_PROFILES).raw(true),
      pendingIncidentsElsewhere: db.prepare<[]>(PENDING_INCIDENTS_ELSEWHERE).raw(true),
      profile: db.prepare<[number]>(PROFILE).raw(true),
      incident: db.prepare<[number]>(INCIDENT).raw(true),
      incidentsOf: db.prepare<[number, string], string>(INCIDENTS_OF).pluck(),
      holding: db.prepare<[string, string, number]>(HOLDING).raw(true),
      ownAndApproved: db.prepare<[number, number], string>(OWN_AND_APPROVED).pluck(),
    };
    statements.set(db, s);
  }
  return s;
}

/** The identifiers of a report or a submission: profileIdentifiers of its lists, but the case id (it is no identifier of a report's). */
function identifiersOf(profileId: number, listTexts: readonly string[]): ProfileIdentifier[] {
  return profileIdentifiers(identifierSource(profileId, listTexts)).filter((i) => i.kind !== 'case_id');
}

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

type PendingProfileRow = [id: number, kind: ProfileKind, name: string, submissionKind: string | null, lists: string];
type IncidentRow = [id: number, profileId: number, lists: string];
type IncidentElsewhereRow = [id: number, profileId: number, kind: ProfileKind, name: string, lists: string];
type HoldingRow = [profileId: number, kind: ProfileKind, name: string, field: string, value: string];

/** Shared identifiers of submissions, for one staff read: the pending side is read once, when first asked. */
export class SharedIdentifiers {
  private namings: Map<string, Naming[]> | null = null;
  private readonly submissions = new Map<string, Omit<SharingSubmission, 'field' | 'value'>>();
  /** the submission each pending profile is (its id), and each pending incident's (its id) */
  private readonly submissionOfIncident = new Map<number, string>();
  private readonly reportsInProfile = new Map<number, Map<string, number>>();

  constructor(private readonly db: Db) {}

  /** A reported profile (or, for staff reading a listed one, a verified profile). */
  ofProfile(profileId: number): SharedIdentifier[] {
    const s = prepared(this.db);
    const row = s.profile.get(profileId) as [number, ProfileKind, string, string, string] | undefined;
    if (!row) return [];
    const [, kind, , status, ownLists] = row;
    const awaiting = status === 'unverified' || status === 'pending';
    // a reported profile is its details and every incident not rejected; a listed one what it shows
    const incidentLists = awaiting
      ? [...s.incidentsOf.all(profileId, 'pending'), ...s.incidentsOf.all(profileId, 'approved')]
      : s.incidentsOf.all(profileId, 'approved');
    const own = awaiting ? `${kind}:${profileId}` : `listed:${profileId}`;
    return this.shared(identifiersOf(profileId, [ownLists, ...incidentLists]), own, profileId);
  }

  /** An incident (whatever its state): what it names. */
  ofIncident(incidentId: number): SharedIdentifier[] {
    const row = prepared(this.db).incident.get(incidentId) as IncidentRow | undefined;
    if (!row) return [];
    const [, profileId, lists] = row;
    this.load();
    const own = this.submissionOfIncident.get(incidentId) ?? `scam:${incidentId}`;
    return this.shared(identifiersOf(profileId, [lists]), own, null);
  }

  private shared(identifiers: readonly ProfileIdentifier[], own: string, excludedProfile: number | null): SharedIdentifier[] {
    const namings = this.load();
    const out: SharedIdentifier[] = [];
    for (const identifier of identifiers) {
      const key = keyOf(identifier.kind, identifier.canonical);
      const pending = namings.get(key) ?? [];
      const profiles = this.holding(identifier).filter((p) => p.id !== excludedProfile);
      const submissions: SharingSubmission[] = [];
      const listed = new Set<string>([own]);
      for (const naming of pending) {
        if (listed.has(naming.submission)) continue;
        listed.add(naming.submission);
        const submission = this.submissions.get(naming.submission)!;
        submissions.push({ ...submission, field: naming.field, value: naming.value });
      }
      let reports = new Set(pending.map((n) => n.report)).size;
      for (const profile of profiles) reports += this.reportsIn(profile.id).get(key) ?? 0;
      // a listed profile read by staff: its own reports count too (a reported one's are pending ones)
      if (own.startsWith('listed:') && excludedProfile !== null) reports += this.reportsIn(excludedProfile).get(key) ?? 0;
      if (profiles.length === 0 && submissions.length === 0 && reports < 2) continue;
      out.push({
        kind: identifier.kind, canonical: identifier.canonical, field: identifier.field, value: identifier.value,
        reports, profiles, submissions,
      });
    }
    return out;
  }

  /** Verified profiles holding it (profile_identifiers). */
  private holding(identifier: ProfileIdentifier): SharingProfile[] {
    const { holding } = prepared(this.db);
    const seen = new Set<number>();
    const out: SharingProfile[] = [];
    for (const kind of kindsOf(identifier.kind)) {
      for (const [id, profileKind, name, field, value] of holding.all(kind, identifier.canonical, SHARED_MAX_PROFILES) as HoldingRow[]) {
        if (seen.has(id)) continue;
        seen.add(id);
        out.push({ id, kind: profileKind, name, case_id: caseId(id), field, value });
      }
    }
    return out.slice(0, SHARED_MAX_PROFILES);
  }

  /** How many of a verified profile's reports (its own details, each approved incident) name each identifier. */
  private reportsIn(profileId: number): Map<string, number> {
    let counts = this.reportsInProfile.get(profileId);
    if (!counts) {
      counts = new Map();
      for (const lists of prepared(this.db).ownAndApproved.all(profileId, profileId)) {
        for (const i of identifiersOf(profileId, [lists])) {
          const key = keyOf(i.kind, i.canonical);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
      this.reportsInProfile.set(profileId, counts);
    }
    return counts;
  }

  /** Every pending report's identifiers, by identifier. */
  private load(): Map<string, Naming[]> {
    if (this.namings) return this.namings;
    const s = prepared(this.db);
    const namings = new Map<string, Naming[]>();
    const add = (report: string, submission: string, identifiers: readonly ProfileIdentifier[]) => {
      for (const i of identifiers) {
        const key = keyOf(i.kind, i.canonical);
        const naming: Naming = { report, submission, field: i.field, value: i.value };
        const list = namings.get(key);
        if (list) list.push(naming);
        else namings.set(key, [naming]);
      }
    };
    const profileSubmission = new Map<number, string>();
    for (const [id, kind, name, submissionKind, lists] of s.pendingProfiles.all() as PendingProfileRow[]) {
      const submission = `${kind}:${id}`;
      profileSubmission.set(id, submission);
      this.submissions.set(submission, { type: kind, id, name, profile_kind: kind, submission_kind: submissionKind });
      add(`profile:${id}`, submission, identifiersOf(id, [lists]));
    }
    for (const [id, profileId, lists] of s.incidentsOfPendingProfiles.all() as IncidentRow[]) {
      const submission = profileSubmission.get(profileId)!;
      this.submissionOfIncident.set(id, submission);
      add(`incident:${id}`, submission, identifiersOf(profileId, [lists]));
    }
    for (const [id, profileId, kind, name, lists] of s.pendingIncidentsElsewhere.all() as IncidentElsewhereRow[]) {
      const submission = `scam:${id}`;
      this.submissions.set(submission, { type: 'scam', id, name, profile_kind: kind, submission_kind: null });
      add(`incident:${id}`, submission, identifiersOf(profileId, [lists]));
    }
    this.namings = namings;
    return namings;
  }
}

/** A reader for one staff read; read it in one transaction with what it is attached to. */
export function sharedIdentifiers(db: Db): SharedIdentifiers {
  return new SharedIdentifiers(db);
}
