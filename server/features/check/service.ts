// GET /api/check?q=<text> (issue 16): what a pasted text is (shared/identifiers identify()), the
// verified profiles holding the same canonical identifier (profile_identifiers, migrations/006,
// through its index), and the listed domains, Telegram handles and names it only looks like
// (lookalikes.ts). The answer is the same for everyone at a revision: serialised once per revision
// and query in the answer cache, and sent with an ETag like the other public reads.
import { createHash } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import { currentRevision } from '../../db/revision';
import { answerCache, type CachedAnswer } from '../../read-model/answer-cache';
import { CHECK_MAX_LOOKALIKES, CHECK_MAX_MATCHES, REMOVAL_CASE_YEAR } from '../../../shared/constants';
import type { CheckAnswer, CheckLookalike, CheckMatch, IdentifierReading } from '../../../shared/contract/check';
import type { ProfileKind } from '../../../shared/contract/common';
import { caseId } from '../../../shared/domain/case-id';
import { compareLookalike, identify, lookalikeForm, type Identifier, type IdentifierKind } from '../../../shared/identifiers';
import { lookalikeIndex, type Found } from './lookalikes';

const MATCHES = `SELECT pi.profile_id, p.kind, p.name, pi.field, pi.value
  FROM profile_identifiers pi JOIN profiles p ON p.id = pi.profile_id
  WHERE pi.kind = ? AND pi.canonical = ? AND p.verification_status = 'verified'
  ORDER BY p.name COLLATE NOCASE, p.id LIMIT ?`;
const PUBLIC_PROFILE = "SELECT kind, name FROM profiles WHERE id = ? AND verification_status = 'verified'";
const SHOWN_VALUE = 'SELECT field, value FROM profile_identifiers WHERE profile_id = ? AND kind = ? AND canonical = ?';

type MatchRow = [profileId: number, kind: ProfileKind, name: string, field: string, value: string];

const statements = new WeakMap<Db, {
  matches: Statement<[string, string, number]>; profile: Statement<[number]>; shownValue: Statement<[number, string, string]>;
}>();

function prepared(db: Db) {
  let s = statements.get(db);
  if (!s) {
    s = {
      matches: db.prepare<[string, string, number]>(MATCHES).raw(true),
      profile: db.prepare<[number]>(PUBLIC_PROFILE).raw(true),
      shownValue: db.prepare<[number, string, string]>(SHOWN_VALUE),
    };
    statements.set(db, s);
  }
  return s;
}

/** IBANs and other account numbers share a canonical form: a stored one may have been read as either. */
const ACCOUNT_KINDS: readonly IdentifierKind[] = ['iban', 'bank_account'];
const kindsToLookUp = (kind: IdentifierKind): readonly IdentifierKind[] => (ACCOUNT_KINDS.includes(kind) ? ACCOUNT_KINDS : [kind]);

const CASE_ID = /^BUSTR-(\d{4})-(\d+)$/;

/** The verified profiles holding one reading of the text. */
function matchesOf(db: Db, reading: Identifier, limit: number): CheckMatch[] {
  const { matches, profile } = prepared(db);
  if (reading.kind === 'case_id') {
    // a case id is its profile's id written out (db/profile-identifiers.ts stores none)
    const [, year, digits] = CASE_ID.exec(reading.canonical) ?? [];
    const id = Number(digits);
    if (Number(year) !== REMOVAL_CASE_YEAR || !Number.isSafeInteger(id) || id < 1 || caseId(id) !== reading.canonical) return [];
    const row = profile.get(id) as [ProfileKind, string] | undefined;
    return row ? [{ id, kind: row[0], name: row[1], case_id: caseId(id), field: 'id', value: caseId(id), identifier_kind: 'case_id' }] : [];
  }
  return kindsToLookUp(reading.kind).flatMap((kind) => (matches.all(kind, reading.canonical, limit) as MatchRow[])
    .map(([id, profileKind, name, field, value]) => ({
      id, kind: profileKind, name, case_id: caseId(id), field, value, identifier_kind: reading.kind,
    })));
}

const REASON_ORDER = { confusable: 0, same_name: 1, edit_distance: 2 } as const;
const rank = ({ lookalike }: Found) => REASON_ORDER[lookalike.reason] * 100 + lookalike.distance;

/**
 * The listed values the text looks like, best first: one per profile and kind of comparison, none
 * of the matched profiles. The index finds them; what they show is read here, for those few.
 */
function lookalikesOf(db: Db, text: string, matched: ReadonlySet<number>): CheckLookalike[] {
  const index = lookalikeIndex(db);
  const { profile, shownValue } = prepared(db);
  const found: Found[] = [];
  for (const kind of ['domain', 'telegram'] as const) {
    const form = lookalikeForm(kind, text);
    if (form) found.push(...index.findValues({ ...form, kind }));
  }
  const nameForm = lookalikeForm('name', text);
  if (nameForm) {
    for (const id of index.nameCandidates({ ...nameForm, kind: 'name' })) {
      const row = profile.get(id) as [ProfileKind, string] | undefined;
      const listed = row ? lookalikeForm('name', row[1]) : null;
      const verdict = listed ? compareLookalike(nameForm, listed) : null;
      if (verdict) found.push({ compared: 'name', profileId: id, lookalike: verdict });
    }
  }
  const best = new Map<string, Found>();
  for (const candidate of found) {
    if (matched.has(candidate.profileId)) continue;
    const key = `${candidate.profileId} ${candidate.compared}`;
    const held = best.get(key);
    if (!held || rank(candidate) < rank(held)) best.set(key, candidate);
  }
  // the best first (by id among equals, so the cut is the same every time), read for those kept
  const kept = [...best.values()]
    .sort((a, b) => rank(a) - rank(b) || a.profileId - b.profileId || a.compared.localeCompare(b.compared))
    .slice(0, CHECK_MAX_LOOKALIKES);
  const answers: CheckLookalike[] = [];
  for (const candidate of kept) {
    const row = profile.get(candidate.profileId) as [ProfileKind, string] | undefined;
    if (!row) continue;
    const [kind, name] = row;
    const shown = candidate.compared === 'name'
      ? { field: 'name', value: name }
      : shownValue.get(candidate.profileId, candidate.compared, candidate.canonical) as { field: string; value: string } | undefined;
    if (!shown) continue;
    answers.push({
      id: candidate.profileId, kind, name, case_id: caseId(candidate.profileId), field: shown.field, value: shown.value,
      compared_as: candidate.compared, reason: candidate.lookalike.reason, distance: candidate.lookalike.distance,
    });
  }
  return answers;
}

function readingOf(identifier: Identifier): IdentifierReading {
  const reading: IdentifierReading = { kind: identifier.kind, canonical: identifier.canonical, valid: identifier.valid };
  if (identifier.problem !== undefined) reading.problem = identifier.problem;
  if (identifier.registrable !== undefined) reading.registrable = identifier.registrable;
  return reading;
}

/** The answer for a query (already checked: trimmed, 1 to CHECK_QUERY_MAX_CHARS characters), read in the caller's transaction. */
export function checkText(db: Db, query: string): CheckAnswer {
  const readings = identify(query);
  const matches: CheckMatch[] = [];
  const seen = new Set<string>();
  for (const reading of readings) {
    for (const match of matchesOf(db, reading, CHECK_MAX_MATCHES)) {
      const key = `${match.id} ${match.field} ${match.value}`;
      if (seen.has(key) || matches.length >= CHECK_MAX_MATCHES) continue;
      seen.add(key);
      matches.push(match);
    }
  }
  const first = readings[0];
  const answer: CheckAnswer = {
    query,
    kind: first?.kind ?? null,
    canonical: first?.canonical ?? null,
    valid: first?.valid ?? false,
    ...(first?.problem === undefined ? {} : { problem: first.problem }),
    readings: readings.map(readingOf),
    matches,
    lookalikes: lookalikesOf(db, query, new Set(matches.map((m) => m.id))),
  };
  return answer;
}

/** The answer as sent: built once per revision and query, from one read transaction. */
export function checkAnswer(db: Db, query: string): CachedAnswer {
  return answerCache(db, 'check').get(query, currentRevision(db), () => db.transaction(() => {
    const revision = currentRevision(db);
    const tag = createHash('sha256').update(query).digest('base64url').slice(0, 16);
    return { revision, bytes: Buffer.from(JSON.stringify(checkText(db, query))), etag: `"check-${revision}-${tag}"` };
  })());
}
