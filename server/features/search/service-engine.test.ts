// The search call's data code on both engines (issue 21, docs/decisions/035): one registry (the
// demo's, seeded on SQLite and copied to PostgreSQL as migrate-data copies it) answered on each,
// SQLite as the server answers it (prepared statements, stored light texts) and PostgreSQL through
// the data layer: the same pages (kinds, queries, filters, pasted identifiers, pages past the end),
// options and lookups, byte for byte. Then the registry changed through one PostgreSQL engine is
// answered at once by another over the same database, and a thread on PostgreSQL answers as the
// main thread does.
import type { IncomingMessage } from 'node:http';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { useEngines, writer } from '../../../tests/support/engines';
import { SEARCH_TEXTS } from '../../../tests/support/search';
import { openDatabase, type Db } from '../../db/connection';
import { copyRegistry } from '../../db/engine/copy';
import { engineOver, openEngine, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { tombstoneProfileOn, touchProfileOn } from '../../db/revision';
import { DEMO_LOOKUPS } from '../../demo/lookups';
import { seedDemo } from '../../demo/seeding';
import type { ProfileKind } from '../../../shared/contract/common';
import { searchAnswerSchema, searchLookupAnswerSchema, searchOptionsAnswerSchema, type SearchAnswer } from '../../../shared/contract/search';
import { FILTER_CATEGORIES } from '../../../shared/search/facets';
import { REGISTRY_PAGE_SIZE } from '../../../shared/constants';
import { buildSearchIndexLaterOn } from './registry-index';
import { searchAnswers } from './routes';
import { buildAnswer, type SearchCall } from './service';
import { SearchThreads } from './threads';

const engines = useEngines();

const REQUEST = { headers: {} } as IncomingMessage;

interface Registries { app: Db; sqlite: Engine; postgres: Engine; url: string; opened: Engine[] }
let open: Registries | null = null;

/** The demo registry on a SQLite app database, and the same rows copied into a new PostgreSQL database. */
async function sameRegistry(): Promise<Registries> {
  const app = openDatabase(engines.sqlitePath());
  seedDemo(app, { profiles: 60 });
  const sqlite = engineOver(app);
  const url = await engines.postgresUrl();
  const postgres = await openEngine(url);
  const { comparison } = await copyRegistry(sqlite, postgres);
  expect(comparison.same).toBe(true);
  open = { app, sqlite, postgres, url, opened: [postgres] };
  return open;
}

afterEach(async () => {
  if (!open) return;
  for (const engine of open.opened) await engine.close();
  open.app.close();
  open = null;
});

const page = (kind: ProfileKind, q: string, filters: Record<string, string[]> = {}, at = 1): SearchCall =>
  ({ call: 'page', query: { kind, q, filters, page: at } });

const CALLS: SearchCall[] = [
  page('developer', ''),
  page('project', ''),
  page('developer', '', {}, 2),
  page('developer', '', {}, 999),
  page('developer', 'ald'),
  page('project', 'a', { 'Scam Type': ['Rug Pull'] }),
  page('developer', '', { 'Scam Type': ['Rug Pull', 'Phishing'] }),
  ...DEMO_LOOKUPS.flatMap((lookup) => lookup.pasted.slice(0, 2).map((q) => page(lookup.profileKind, q))),
  ...(['developer', 'project'] as const).flatMap((kind) => FILTER_CATEGORIES.map((category): SearchCall => ({ call: 'options', kind, category }))),
  ...DEMO_LOOKUPS.map((lookup): SearchCall => ({ call: 'lookup', q: lookup.pasted[0]! })),
];

/** Each call's answer on this engine, as the in-process search call gives it: its bytes, ETag and revision. */
async function answersOn(engine: Engine, calls: readonly SearchCall[]) {
  const answers = searchAnswers(engine, SEARCH_TEXTS, null);
  const out: { bytes: string; etag: string; revision: number }[] = [];
  for (const call of calls) {
    const answer = await answers(call, REQUEST);
    out.push({ bytes: answer.bytes.toString(), etag: answer.etag, revision: answer.revision });
  }
  return out;
}

const pageOf = (bytes: string): SearchAnswer => searchAnswerSchema.parse(JSON.parse(bytes));
const idsOf = (bytes: string) => pageOf(bytes).items.map((item) => item.profile.id);

async function verifiedCount(engine: Engine, kind: ProfileKind): Promise<number> {
  const row = await engine.db.selectFrom('profiles').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind).where('verification_status', '=', 'verified').executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the search call on SQLite and PostgreSQL', () => {
  it('when one registry is searched on both, then every page, option list and lookup is the same, byte for byte', async () => {
    const { sqlite, postgres } = await sameRegistry();
    const [onSqlite, onPostgres] = [await answersOn(sqlite, CALLS), await answersOn(postgres, CALLS)];

    expect(onPostgres.map((a) => JSON.parse(a.bytes) as unknown)).toEqual(onSqlite.map((a) => JSON.parse(a.bytes) as unknown));
    expect(onPostgres).toEqual(onSqlite);
    // and what they hold is the registry's
    const [developers, projects] = [pageOf(onPostgres[0]!.bytes), pageOf(onPostgres[1]!.bytes)];
    expect(developers.total).toBe(await verifiedCount(postgres, 'developer'));
    expect(projects.total).toBe(await verifiedCount(postgres, 'project'));
    expect(developers.items).toHaveLength(REGISTRY_PAGE_SIZE);
    expect(developers.items.every((item) => item.profile.kind === 'developer' && item.profile.details === false && item.profile.avatar === null)).toBe(true);
    const last = pageOf(onPostgres[3]!.bytes);
    expect(last.page).toBe(Math.ceil(developers.total / REGISTRY_PAGE_SIZE));
    const filtered = pageOf(onPostgres[5]!.bytes);
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.total).toBeLessThan(projects.total);
    const lookups = CALLS.flatMap((call, i) => (call.call === 'lookup' ? [searchLookupAnswerSchema.parse(JSON.parse(onPostgres[i]!.bytes))] : []));
    DEMO_LOOKUPS.forEach((lookup, i) => expect(lookups[i]!.matches.map((m) => m.name), lookup.pasted[0]).toContain(lookup.profile));
    const pasted = CALLS.findIndex((call) => call.call === 'page' && call.query.q === DEMO_LOOKUPS[0]!.pasted[0]);
    expect(pageOf(onPostgres[pasted]!.bytes).items.map((item) => item.profile.name)).toContain(DEMO_LOOKUPS[0]!.profile);
    const options = CALLS.findIndex((call) => call.call === 'options' && call.category === 'Scam Type');
    expect(searchOptionsAnswerSchema.parse(JSON.parse(onPostgres[options]!.bytes)).options.length).toBeGreaterThan(0);
  });

  it('when a profile is renamed (touched) and another removed (tombstoned) through one PostgreSQL engine, then another engine over the database answers the new registry at once, as SQLite does', async () => {
    const { app, sqlite, postgres, url, opened } = await sameRegistry();
    const other = await openEngine(url);
    opened.push(other);
    const [renamed, removed] = (await postgres.db.selectFrom('profiles').select(['id', 'name']).where('kind', '=', 'developer')
      .where('verification_status', '=', 'verified').orderBy('id').limit(2).execute());
    const calls = [page('developer', 'Zebediah Quorrington'), page('developer', removed!.name), page('developer', ''), ...CALLS.slice(-3)];
    // both PostgreSQL engines hold an index and answers at the registry's revision
    const before = await answersOn(other, calls);
    expect(await answersOn(postgres, calls)).toEqual(before);
    expect(idsOf(before[1]!.bytes)).toContain(removed!.id);

    const change = (trx: Kysely<Database>) => (async () => {
      await trx.updateTable('profiles').set({ name: 'Zebediah Quorrington' }).where('id', '=', renamed!.id).execute();
      await touchProfileOn(trx, renamed!.id);
      await trx.updateTable('profiles').set({ verification_status: 'rejected' }).where('id', '=', removed!.id).execute();
      await tombstoneProfileOn(trx, 'developer', removed!.id);
    })();
    await writer(sqlite, app)(change);
    await writer(postgres, null)(change);

    const after = await answersOn(other, calls);
    expect(after[0]!.revision).toBeGreaterThan(before[0]!.revision);
    expect(idsOf(after[0]!.bytes)).toEqual([renamed!.id]);
    expect(idsOf(after[1]!.bytes)).not.toContain(removed!.id);
    expect(pageOf(after[2]!.bytes).total).toBe(pageOf(before[2]!.bytes).total - 1);
    expect(after.map((a) => a.etag)).not.toContain(before[0]!.etag);
    // the engine that wrote, and SQLite after the same change, answer the same
    expect(await answersOn(postgres, calls)).toEqual(after);
    expect(await answersOn(sqlite, calls)).toEqual(after);
  });

  it('when the index was built between requests on PostgreSQL, a few profiles a step, then it answers as one built by the first search', async () => {
    const { postgres, url, opened } = await sameRegistry();
    const later = await openEngine(url);
    opened.push(later);
    await new Promise<void>((resolve, reject) => buildSearchIndexLaterOn(later, (error) => (error ? reject(error) : resolve()), { batch: 7 }));

    expect(await answersOn(later, CALLS)).toEqual(await answersOn(postgres, CALLS));
  });

  it('when many searches come at once to a PostgreSQL engine with no index yet, and again after a change, then they answer as one at a time', async () => {
    const { postgres, url, opened } = await sameRegistry();
    const busy = await openEngine(url);
    opened.push(busy);
    const calls = [...CALLS.slice(0, 6), ...CALLS.slice(-2)];
    const atOnce = () => Promise.all(calls.map((call) => buildAnswer(busy, call, SEARCH_TEXTS)));
    const oneByOne = async () => {
      const answers = [];
      for (const call of calls) answers.push(await buildAnswer(postgres, call, SEARCH_TEXTS));
      return answers;
    };

    const before = await atOnce();
    expect(before).toEqual(await oneByOne());
    await writer(postgres, null)(async (trx) => {
      const [first] = await trx.selectFrom('profiles').select(['id', 'kind']).where('verification_status', '=', 'verified').orderBy('id').limit(1).execute();
      await trx.updateTable('profiles').set({ verification_status: 'rejected' }).where('id', '=', first!.id).execute();
      await tombstoneProfileOn(trx, first!.kind, first!.id);
    });
    const after = await atOnce();
    expect(after).toEqual(await oneByOne());
    expect(after.every((answer) => answer.revision === before[0]!.revision + 1)).toBe(true);
    expect(pageOf(after[0]!.bytes.toString()).total + pageOf(after[1]!.bytes.toString()).total)
      .toBe(pageOf(before[0]!.bytes.toString()).total + pageOf(before[1]!.bytes.toString()).total - 1);
  });

  it('when a search thread is given the PostgreSQL URL, then it answers as the main thread builds it, and follows a change', async () => {
    const { postgres, url } = await sameRegistry();
    const threads = new SearchThreads(new URL('../../search-thread.mjs', import.meta.url), url, 1);
    try {
      await threads.ready();
      for (const call of [...CALLS.slice(0, 8), ...CALLS.slice(-2)]) {
        const expected = await buildAnswer(postgres, call, SEARCH_TEXTS);
        const answer = await threads.ask(call, null);
        expect(answer.bytes.toString(), JSON.stringify(call)).toBe(expected.bytes.toString());
        expect({ etag: answer.etag, revision: answer.revision }).toEqual({ etag: expected.etag, revision: expected.revision });
      }
      const [renamed] = await postgres.db.selectFrom('profiles').select('id').where('kind', '=', 'developer')
        .where('verification_status', '=', 'verified').orderBy('id').limit(1).execute();
      await writer(postgres, null)(async (trx) => {
        await trx.updateTable('profiles').set({ name: 'Zebediah Quorrington' }).where('id', '=', renamed!.id).execute();
        await touchProfileOn(trx, renamed!.id);
      });
      const after = await threads.ask(page('developer', 'Zebediah Quorrington'), null);
      expect(idsOf(after.bytes.toString())).toEqual([renamed!.id]);
    } finally {
      await threads.close();
    }
  }, 60_000);
});
