// The public snapshot and what is answered from it on both engines (issue 21, docs/decisions/035):
// the same registry, written the same way on SQLite and PostgreSQL, gives the same snapshot, the
// same public list pages byte for byte (ETags included) and the same filter options; names of
// mixed case, accents, digits and punctuation come in SQLite's `name COLLATE NOCASE, id` order on
// both; SQLite's common case answers without a promise; and on PostgreSQL a second instance over
// the same database answers a change made through the first at once (the revision read per request).
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngines, writer, type Write } from '../../tests/support/engines';
import type { ProfileKind } from '../../shared/contract/common';
import { inTransaction, openEngine, type Engine } from '../db/engine/engine';
import type { Database } from '../db/engine/schema';
import { nextRevisionOn, tombstoneProfileOn, touchProfileOn } from '../db/revision';
import { allFilterOptions, categoryOptions } from '../features/filter-options/service';
import { publicListJson } from '../features/profiles/service';
import type { CachedAnswer } from './answer-cache';
import { publicSnapshot } from './snapshot';

const engines = useEngines();

const AT = '2025-01-01T00:00:00.000Z';

interface Row {
  kind?: ProfileKind; name: string; status?: 'verified' | 'unverified' | 'rejected';
  nationality?: string; languages?: string[]; location?: string; industry?: string[];
}

/** In insertion order (so ids 1…): names a plain byte order, an upper-case fold or a locale order would put elsewhere. */
const ROWS: Row[] = [
  { name: 'alice', nationality: 'Maltese', languages: ['English', 'Maltese'] },
  { name: 'Bob', nationality: 'Émirati', location: 'Valletta' },
  { name: 'Émile', nationality: 'French', languages: ['French'] },
  { name: 'bob 2', industry: ['DeFi'] },
  { name: '_x' },
  { name: '10', kind: 'project', industry: ['NFT', 'defi'] },
  { name: 'Zed', nationality: 'zambian' },
  { name: 'Alice', location: 'Berlin' },
  { name: 'émile' },
  { name: '[x' },
  { name: 'zed', kind: 'project' },
  { name: 'BOB' },
  { name: '2', kind: 'project' },
  { name: 'Ärger', nationality: 'Austrian' },
  { name: 'ab' },
  { name: 'Hidden', status: 'unverified', nationality: 'Secretish' },
  { name: 'Gone', status: 'rejected', nationality: 'Vanished' },
];

/** SQLite's NOCASE order (ASCII letters folded to lower case, then UTF-8 bytes), then id. */
const DEVELOPERS_IN_ORDER = ['[x', '_x', 'ab', 'alice', 'Alice', 'Bob', 'BOB', 'bob 2', 'Zed', 'Ärger', 'Émile', 'émile'];
const PROJECTS_IN_ORDER = ['10', '2', 'zed'];

async function insertProfile(trx: Kysely<Database>, row: Row): Promise<number> {
  const kind = row.kind ?? 'developer';
  return (await trx.insertInto('profiles').values({
    kind, name: row.name, nationality: row.nationality ?? '', languages: JSON.stringify(row.languages ?? []),
    location: row.location ?? '', industry: JSON.stringify(row.industry ?? []),
    email: JSON.stringify([`${ROWS.indexOf(row)}@example.com`]), verification_status: row.status ?? 'verified',
    joined_date: AT, reported_person_date: AT, submitted_at: AT, submission_kind: kind === 'developer' ? 'NEW_DEVELOPER' : 'NEW_PROJECT',
    revision: await nextRevisionOn(trx),
  }).returning('id').executeTakeFirstOrThrow()).id;
}

async function insertIncident(
  trx: Kysely<Database>, profileId: number, description: string,
  { occurred = null, reported = AT, status = 'approved', amount = 500, types = [], banks = [] }:
  { occurred?: string | null; reported?: string; status?: 'approved' | 'pending'; amount?: number | null; types?: string[]; banks?: string[] } = {},
): Promise<number> {
  return (await trx.insertInto('incidents').values({
    profile_id: profileId, description, occurred, reported, amount, types: JSON.stringify(types),
    bank_accounts: JSON.stringify(banks.map((bank_name, i) => ({ bank_name, account: String(i) }))), verification_status: status,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** The rows above, with incidents in another order than the registry shows them, written as the routes write. */
async function registry(write: Write): Promise<Map<string, number>> {
  return write(async (trx) => {
    const ids = new Map<string, number>();
    for (const row of ROWS) ids.set(row.name, await insertProfile(trx, row));
    const alice = ids.get('alice')!;
    await insertIncident(trx, alice, 'Reported first, happened last', { occurred: '2024-06-01', reported: '2024-01-01', types: ['Rug Pull'], banks: ['Acme Bank'] });
    await insertIncident(trx, alice, 'No date but its report', { reported: '2024-03-01', amount: 12.5, types: ['Phishing'] });
    await insertIncident(trx, alice, 'Same moment, a later id', { occurred: '2024-06-01', amount: null, banks: ['Zeta Bank', 'acme bank'] });
    await insertIncident(trx, alice, 'Still pending', { status: 'pending', types: ['Pending Type'] });
    await insertIncident(trx, ids.get('10')!, 'A project incident', { occurred: '2023-01-01', types: ['Exit Scam'] });
    await insertIncident(trx, ids.get('Hidden')!, 'Of a profile not public', { types: ['Hidden Type'] });
    for (const row of ROWS) if ((row.status ?? 'verified') === 'verified') await touchProfileOn(trx, ids.get(row.name)!);
    return ids;
  });
}

const PAGES: { kind: ProfileKind; page: number; pageSize: number }[] = [
  { kind: 'developer', page: 1, pageSize: 20 },
  { kind: 'developer', page: 1, pageSize: 5 },
  { kind: 'developer', page: 2, pageSize: 5 },
  { kind: 'developer', page: 3, pageSize: 5 },
  { kind: 'developer', page: 9, pageSize: 5 },
  { kind: 'project', page: 1, pageSize: 20 },
  { kind: 'project', page: 2, pageSize: 2 },
];

const text = (answer: CachedAnswer) => ({ body: answer.bytes.toString('utf8'), etag: answer.etag, revision: answer.revision });

async function listPages(engine: Engine) {
  const pages = [];
  for (const { kind, page, pageSize } of PAGES) pages.push(text(await publicListJson(engine, kind, { page, pageSize })));
  return pages;
}

describe('the public snapshot on both engines', () => {
  it('when names differ in case, accents, digits and punctuation, then both engines order them as SQLite\'s NOCASE does, then by id', async () => {
    const results = await engines.onBoth(async (engine, sqlite) => {
      await registry(writer(engine, sqlite));
      const snapshot = await publicSnapshot(engine);
      const byLower = await engine.db.selectFrom('profiles').select('name').where('verification_status', '=', 'verified')
        .where('kind', '=', 'developer').orderBy(sql`lower(name)`).orderBy('id').execute();
      // the SQL the snapshot was read with before the move, on SQLite
      const byNocase = sqlite?.prepare("SELECT name FROM profiles WHERE verification_status = 'verified' AND kind = 'developer' ORDER BY name COLLATE NOCASE, id")
        .pluck().all();
      return {
        developers: snapshot.profiles.developer.map((p) => p.name),
        projects: snapshot.profiles.project.map((p) => p.name),
        byLower: byLower.map((r) => r.name),
        byNocase,
      };
    });
    expect(results[0].byNocase).toEqual(DEVELOPERS_IN_ORDER);
    for (const result of results) {
      expect(result.developers).toEqual(DEVELOPERS_IN_ORDER);
      expect(result.byLower).toEqual(DEVELOPERS_IN_ORDER);
      expect(result.projects).toEqual(PROJECTS_IN_ORDER);
    }
  });

  it('when the same registry is written on each, then the snapshot, the list pages (bytes and ETags) and the filter options are the same', async () => {
    const results = await engines.onBoth(async (engine, sqlite) => {
      const ids = await registry(writer(engine, sqlite));
      const snapshot = await publicSnapshot(engine);
      return {
        revision: snapshot.revision,
        snapshot: snapshot.profiles,
        json: snapshot.json,
        pages: await listPages(engine),
        options: await allFilterOptions(engine),
        languages: await categoryOptions(engine, 'Languages', 'mal'),
        first: await categoryOptions(engine, 'Nationality', ''),
        alice: ids.get('alice'),
      };
    });
    expect(results[1]).toEqual(results[0]);

    const [{ snapshot, pages, options, languages, first, revision }] = results;
    // the approved incidents in the registry's order: by when it happened, else was reported, latest first; then the id
    const alice = snapshot.developer.find((p) => p.name === 'alice')!;
    expect(alice.id).toBe(results[0].alice);
    expect(alice.scam_type).toEqual(['Rug Pull', 'Phishing']);
    expect(alice.bank).toEqual(['Zeta Bank', 'acme bank', 'Acme Bank']);
    expect(snapshot.project.find((p) => p.name === '10')!.scam_type).toEqual(['Exit Scam']);
    expect(snapshot.developer.some((p) => ['Hidden', 'Gone'].includes(p.name))).toBe(false);
    expect(JSON.parse(results[0].json.developer)).toEqual(snapshot.developer);

    const page = (i: number) => JSON.parse(pages[i]!.body) as { count: number; next: string | null; previous: string | null; results: { name: string }[] };
    expect(page(0).results.map((p) => p.name)).toEqual(DEVELOPERS_IN_ORDER);
    expect(page(2)).toMatchObject({ count: 12, next: '/api/developers/?page=3&page_size=5', previous: '/api/developers/?page=1&page_size=5' });
    expect(page(2).results.map((p) => p.name)).toEqual(DEVELOPERS_IN_ORDER.slice(5, 10));
    expect(page(4).results).toEqual([]);
    expect(page(6).results.map((p) => p.name)).toEqual(['zed']);
    expect(pages[2]!.etag).toBe(`"developer-${revision}-2-5"`);

    expect(options.Nationality).toEqual(['Austrian', 'Émirati', 'French', 'Maltese', 'zambian']);
    expect(options.Industry).toEqual(['DeFi', 'defi', 'NFT']);
    expect(options.Location).toEqual(['Berlin', 'Remote', 'Valletta']);
    expect(options['Scam Type']).toEqual(['Exit Scam', 'Phishing', 'Rug Pull']);
    // (equal letters aside from case keep the order they were met in: the sort is stable)
    expect(options.Banks).toEqual(['acme bank', 'Acme Bank', 'Zeta Bank']);
    expect(languages).toEqual(['Maltese']);
    expect(first).toEqual(options.Nationality);
  });

  it('when the snapshot of the current revision is held, then SQLite answers a list page without a promise and PostgreSQL reads the revision first', async () => {
    const results = await engines.onBoth(async (engine, sqlite) => {
      await registry(writer(engine, sqlite));
      // requests at one revision share one build
      const [a, b] = await Promise.all([publicSnapshot(engine), publicSnapshot(engine)]);
      const page = { page: 1, pageSize: 5 };
      const first = await publicListJson(engine, 'developer', page);
      const again = publicListJson(engine, 'developer', page);
      return { promise: again instanceof Promise, same: (await again) === first, shared: a === b };
    });
    expect(results[0]).toEqual({ promise: false, same: true, shared: true });
    expect(results[1]).toEqual({ promise: true, same: true, shared: true });
  });

  it('when a profile is verified, changed or removed through one PostgreSQL instance, then another over the same database answers the new list at once', async () => {
    const url = await engines.postgresUrl();
    const a = await openEngine(url);
    const b = await openEngine(url);
    try {
      const ids = await registry(writer(a, null));
      const page = { page: 1, pageSize: 20 };
      const names = async (engine: Engine) => (JSON.parse(text(await publicListJson(engine, 'developer', page)).body) as { results: { name: string }[] }).results.map((p) => p.name);
      const before = await publicListJson(b, 'developer', page);
      expect(await names(b)).toEqual(DEVELOPERS_IN_ORDER);
      expect((await allFilterOptions(b)).Nationality).not.toContain('Secretish');

      // verified on a: b's next answer has it, with a new ETag, and its filter options follow
      const hidden = ids.get('Hidden')!;
      await inTransaction(a, async (trx) => {
        await trx.updateTable('profiles').set({ verification_status: 'verified' }).where('id', '=', hidden).execute();
        await touchProfileOn(trx, hidden);
      });
      const after = await publicListJson(b, 'developer', page);
      expect(after.etag).not.toBe(before.etag);
      expect(await names(b)).toEqual([...DEVELOPERS_IN_ORDER.slice(0, 8), 'Hidden', ...DEVELOPERS_IN_ORDER.slice(8)]);
      expect((await allFilterOptions(b)).Nationality).toContain('Secretish');

      // renamed on a: b orders it anew
      await inTransaction(a, async (trx) => {
        await trx.updateTable('profiles').set({ name: 'Aaron' }).where('id', '=', hidden).execute();
        await touchProfileOn(trx, hidden);
      });
      expect((await names(b)).slice(0, 4)).toEqual(['[x', '_x', 'Aaron', 'ab']);

      // removed on a: gone from b's list and options
      await inTransaction(a, async (trx) => {
        await trx.updateTable('profiles').set({ verification_status: 'rejected' }).where('id', '=', hidden).execute();
        await tombstoneProfileOn(trx, 'developer', hidden);
      });
      expect(await names(b)).toEqual(DEVELOPERS_IN_ORDER);
      expect((await allFilterOptions(b)).Nationality).not.toContain('Secretish');
      // and a, which made the changes, agrees
      expect(text(await publicListJson(a, 'developer', page))).toEqual(text(await publicListJson(b, 'developer', page)));
    } finally {
      await a.close();
      await b.close();
    }
  });
});
