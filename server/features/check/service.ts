// GET /api/check?q=<text> (issue 16): what a pasted text is (shared/identifiers identify()), the
// verified profiles holding the same canonical identifier (profile_identifiers, migrations/006,
// through its index), and the listed domains, Telegram handles and names it only looks like
// (lookalikes.ts). The answer is the same for everyone at a revision: serialised once per revision
// and query in the answer cache, and sent with an ETag like the other public reads.
// On the data layer (issue 21, docs/decisions/035): an answer is read through Kysely on SQLite and
// PostgreSQL alike, in one read transaction (one-moment.ts); the cache is asked first with the
// revision as each engine reads it per request (on SQLite its prepared statement: a hit compiles nothing).
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { currentRevision, currentRevisionOn, revisionNow } from '../../db/revision';
import { engineCache, type CachedAnswer } from '../../read-model/answer-cache';
import { CHECK_MAX_LOOKALIKES, CHECK_MAX_MATCHES, REMOVAL_CASE_YEAR } from '../../../shared/constants';
import type { CheckAnswer, CheckLookalike, CheckMatch, IdentifierReading } from '../../../shared/contract/check';
import type { ProfileKind } from '../../../shared/contract/common';
import { caseId } from '../../../shared/domain/case-id';
import { compareLookalike, identify, lookalikeForm, type Identifier, type IdentifierKind } from '../../../shared/identifiers';
import { lookalikeIndexAt, lookalikesSettled, MOMENT_ATTEMPTS, type Found } from './lookalikes';
import { readOneMoment } from './one-moment';

/** IBANs and other account numbers share a canonical form: a stored one may have been read as either. */
const ACCOUNT_KINDS: readonly IdentifierKind[] = ['iban', 'bank_account'];
const kindsToLookUp = (kind: IdentifierKind): readonly IdentifierKind[] => (ACCOUNT_KINDS.includes(kind) ? ACCOUNT_KINDS : [kind]);

const CASE_ID = /^BUSTR-(\d{4})-(\d+)$/;

/** Ids per statement: one parameter each, well under either engine's limit. */
const IDS_PER_STATEMENT = 1000;

/** The kind and name of those of `ids` that are public. */
async function publicProfiles(trx: Kysely<Database>, ids: Iterable<number>): Promise<Map<number, { kind: ProfileKind; name: string }>> {
  const all = [...new Set(ids)];
  const found = new Map<number, { kind: ProfileKind; name: string }>();
  // (`IN ()` is no SQL on either engine: an empty list asks nothing)
  for (let start = 0; start < all.length; start += IDS_PER_STATEMENT) {
    const rows = await trx.selectFrom('profiles').select(['id', 'kind', 'name'])
      .where('id', 'in', all.slice(start, start + IDS_PER_STATEMENT)).where('verification_status', '=', 'verified')
      .execute();
    for (const { id, kind, name } of rows) found.set(id, { kind, name });
  }
  return found;
}

/** The verified profiles holding one reading of the text. */
async function matchesOf(trx: Kysely<Database>, reading: Identifier, limit: number): Promise<CheckMatch[]> {
  if (reading.kind === 'case_id') {
    // a case id is its profile's id written out (db/profile-identifiers.ts stores none)
    const [, year, digits] = CASE_ID.exec(reading.canonical) ?? [];
    const id = Number(digits);
    if (Number(year) !== REMOVAL_CASE_YEAR || !Number.isSafeInteger(id) || id < 1 || caseId(id) !== reading.canonical) return [];
    const profile = (await publicProfiles(trx, [id])).get(id);
    return profile ? [{ id, kind: profile.kind, name: profile.name, case_id: caseId(id), field: 'id', value: caseId(id), identifier_kind: 'case_id' }] : [];
  }
  const matches: CheckMatch[] = [];
  for (const kind of kindsToLookUp(reading.kind)) {
    const rows = await trx.selectFrom('profile_identifiers as pi').innerJoin('profiles as p', 'p.id', 'pi.profile_id')
      .select(['pi.profile_id', 'p.kind', 'p.name', 'pi.field', 'pi.value'])
      .where('pi.kind', '=', kind).where('pi.canonical', '=', reading.canonical).where('p.verification_status', '=', 'verified')
      // COLLATE NOCASE's order on both engines: lower() folds ASCII only on each (PostgreSQL's text is COLLATE "C")
      .orderBy((eb) => eb.fn('lower', ['p.name'])).orderBy('p.id')
      .limit(limit)
      .execute();
    for (const { profile_id: id, kind: profileKind, name, field, value } of rows) {
      matches.push({ id, kind: profileKind, name, case_id: caseId(id), field, value, identifier_kind: reading.kind });
    }
  }
  return matches;
}

const REASON_ORDER = { confusable: 0, same_name: 1, edit_distance: 2 } as const;
const rank = ({ lookalike }: Found) => REASON_ORDER[lookalike.reason] * 100 + lookalike.distance;
const canonicalOf = (found: Found) => (found.compared === 'name' ? '' : found.canonical);

/** Thrown inside an answer's transaction when the lookalike index is at a later moment than it: read again. */
class LaterMoment extends Error {}

/**
 * The listed values the text looks like, best first: one per profile and kind of comparison, none
 * of the matched profiles. The index finds them; what they show is read here, for those few.
 */
async function lookalikesOf(
  engine: Engine, trx: Kysely<Database>, revision: number, text: string, matched: ReadonlySet<number>, lastTry: boolean,
): Promise<CheckLookalike[]> {
  const index = await lookalikeIndexAt(engine, trx, revision, engine.kind === 'sqlite' || lastTry);
  // (on PostgreSQL a lookup in a newer moment may have brought it forward since: it is used before the next await)
  if (index?.revision !== revision) throw new LaterMoment();
  const found: Found[] = [];
  for (const kind of ['domain', 'telegram'] as const) {
    const form = lookalikeForm(kind, text);
    if (form) found.push(...index.findValues({ ...form, kind }));
  }
  const nameForm = lookalikeForm('name', text);
  const nameCandidates = nameForm ? index.nameCandidates({ ...nameForm, kind: 'name' }) : [];
  // the profiles found, read once: their names to compare, and what the answer shows of those kept
  const ids = [...found.map((candidate) => candidate.profileId), ...nameCandidates].filter((id) => !matched.has(id));
  if (ids.length === 0) return [];
  const profiles = await publicProfiles(trx, ids);
  if (nameForm) {
    for (const id of nameCandidates) {
      const profile = profiles.get(id);
      const listed = profile ? lookalikeForm('name', profile.name) : null;
      const verdict = listed ? compareLookalike(nameForm, listed) : null;
      if (verdict) found.push({ compared: 'name', profileId: id, lookalike: verdict });
    }
  }
  const best = new Map<string, Found>();
  for (const candidate of found) {
    if (matched.has(candidate.profileId)) continue;
    const key = `${candidate.profileId} ${candidate.compared}`;
    const held = best.get(key);
    // among equals the first canonical form: the same on both engines, whatever order the index found them in
    if (!held || rank(candidate) < rank(held) || (rank(candidate) === rank(held) && canonicalOf(candidate) < canonicalOf(held))) {
      best.set(key, candidate);
    }
  }
  // the best first (by id among equals, so the cut is the same every time); the values shown read for those kept
  const kept = [...best.values()]
    .sort((a, b) => rank(a) - rank(b) || a.profileId - b.profileId || a.compared.localeCompare(b.compared))
    .slice(0, CHECK_MAX_LOOKALIKES);
  const valueIds = kept.filter((candidate) => candidate.compared !== 'name').map((candidate) => candidate.profileId);
  const shownValues = new Map<string, { field: string; value: string }>();
  if (valueIds.length > 0) {
    const rows = await trx.selectFrom('profile_identifiers').select(['profile_id', 'kind', 'canonical', 'field', 'value'])
      .where('profile_id', 'in', [...new Set(valueIds)]).where('kind', 'in', ['domain', 'telegram'])
      .execute();
    for (const row of rows) shownValues.set(`${row.profile_id} ${row.kind} ${row.canonical}`, { field: row.field, value: row.value });
  }
  const answers: CheckLookalike[] = [];
  for (const candidate of kept) {
    const profile = profiles.get(candidate.profileId);
    if (!profile) continue;
    const { kind, name } = profile;
    const shown = candidate.compared === 'name'
      ? { field: 'name', value: name }
      : shownValues.get(`${candidate.profileId} ${candidate.compared} ${candidate.canonical}`);
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

/** The answer at `revision`, the registry's as `trx` (the answer's read transaction) sees it. */
async function answerIn(engine: Engine, trx: Kysely<Database>, revision: number, query: string, lastTry: boolean): Promise<CheckAnswer> {
  const readings = identify(query);
  const matches: CheckMatch[] = [];
  const seen = new Set<string>();
  for (const reading of readings) {
    for (const match of await matchesOf(trx, reading, CHECK_MAX_MATCHES)) {
      const key = `${match.id} ${match.field} ${match.value}`;
      if (seen.has(key) || matches.length >= CHECK_MAX_MATCHES) continue;
      seen.add(key);
      matches.push(match);
    }
  }
  const first = readings[0];
  return {
    query,
    kind: first?.kind ?? null,
    canonical: first?.canonical ?? null,
    valid: first?.valid ?? false,
    ...(first?.problem === undefined ? {} : { problem: first.problem }),
    readings: readings.map(readingOf),
    matches,
    lookalikes: await lookalikesOf(engine, trx, revision, query, new Set(matches.map((m) => m.id)), lastTry),
  };
}

/**
 * The answer for a query (already checked: trimmed, 1 to CHECK_QUERY_MAX_CHARS characters) and the
 * revision it was read at: every read of it in one read transaction, one moment of the registry.
 * On PostgreSQL a lookup that finds the lookalike index already at a later moment (another lookup
 * brought it forward) reads the answer again in a new transaction, which sees that moment or a later one.
 */
async function readAnswer(engine: Engine, query: string): Promise<{ revision: number; answer: CheckAnswer }> {
  for (let attempt = 1; ; attempt++) {
    if (!engine.sqlite) await lookalikesSettled(engine);
    try {
      return await readOneMoment(engine, async (trx) => {
        const revision = await currentRevisionOn(trx);
        return { revision, answer: await answerIn(engine, trx, revision, query, attempt >= MOMENT_ATTEMPTS) };
      });
    } catch (error) {
      if (!(error instanceof LaterMoment) || attempt >= MOMENT_ATTEMPTS) throw error;
    }
  }
}

/** The answer for a query, read at one moment of the registry. */
export async function checkText(engine: Engine, query: string): Promise<CheckAnswer> {
  return (await readAnswer(engine, query)).answer;
}

/** Builds the answer as sent, at the revision it was read at. */
async function built(engine: Engine, query: string): Promise<CachedAnswer> {
  const { revision, answer } = await readAnswer(engine, query);
  const tag = createHash('sha256').update(query).digest('base64url').slice(0, 16);
  return { revision, bytes: Buffer.from(JSON.stringify(answer)), etag: `"check-${revision}-${tag}"` };
}

/**
 * The answer as sent: built once per revision and query (the revision read per request), from one
 * read transaction. On SQLite a cached one is found synchronously (the revision's prepared
 * statement and the cache: nothing compiled, no promise); on PostgreSQL the revision is read first.
 */
export function checkAnswer(engine: Engine, query: string): CachedAnswer | Promise<CachedAnswer> {
  const cache = engineCache(engine, 'check');
  if (engine.sqlite) return cache.getAsync(query, currentRevision(engine.sqlite), () => built(engine, query));
  return revisionNow(engine).then((revision) => cache.getAsync(query, revision, () => built(engine, query)));
}
