// The revision spine's async twins (revision.ts and profile-identifiers.ts, the `On` functions:
// issue 21, docs/decisions/035) against the synchronous functions they stand in for: one scenario
// of publications, tombstones and re-publications, run with the sync functions on one SQLite copy
// of a fixture, with the twins on another, and with the twins on PostgreSQL; after every step the
// three databases must hold the same rows.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngines } from '../../tests/support/engines';
import type { ProfileIdentifier } from '../../shared/identifiers';
import { openDatabase, type Db } from './connection';
import { engineOver, inTransaction, openEngine, type Engine } from './engine/engine';
import type { Database } from './engine/schema';
import {
  dropProfileIdentifiers, dropProfileIdentifiersOn, publicIdentifiers, publicIdentifiersOn,
  refreshProfileIdentifiers, refreshProfileIdentifiersOn,
} from './profile-identifiers';
import {
  currentRevision, currentRevisionOn, nextRevision, nextRevisionOn, reserveRevisions, reserveRevisionsOn,
  tombstoneProfile, tombstoneProfileOn, touchProfile, touchProfileOn,
} from './revision';

const engines = useEngines();

type Kind = 'developer' | 'project';

/** The functions under test, each in a transaction of its own: the sync ones or their twins. */
interface Spine {
  next(): Promise<number>;
  reserve(count: number): Promise<number>;
  current(): Promise<number>;
  touch(profileId: number): Promise<number>;
  tombstone(kind: Kind, profileId: number): Promise<number>;
  publicIdentifiers(ids: readonly number[]): Promise<Map<number, ProfileIdentifier[]>>;
  refresh(profileId: number): Promise<void>;
  drop(profileId: number): Promise<void>;
}

function syncSpine(db: Db): Spine {
  const inTx = <T>(work: () => T) => Promise.resolve(db.transaction(work)());
  return {
    next: () => inTx(() => nextRevision(db)),
    reserve: (count) => inTx(() => reserveRevisions(db, count)),
    current: () => Promise.resolve(currentRevision(db)),
    touch: (id) => inTx(() => touchProfile(db, id)),
    tombstone: (kind, id) => inTx(() => tombstoneProfile(db, kind, id)),
    publicIdentifiers: (ids) => inTx(() => publicIdentifiers(db, ids)),
    refresh: (id) => inTx(() => refreshProfileIdentifiers(db, id)),
    drop: (id) => inTx(() => dropProfileIdentifiers(db, id)),
  };
}

function twinSpine(engine: Engine): Spine {
  return {
    next: () => inTransaction(engine, (trx) => nextRevisionOn(trx)),
    reserve: (count) => inTransaction(engine, (trx) => reserveRevisionsOn(trx, count)),
    current: () => currentRevisionOn(engine.db),
    touch: (id) => inTransaction(engine, (trx) => touchProfileOn(trx, id)),
    tombstone: (kind, id) => inTransaction(engine, (trx) => tombstoneProfileOn(trx, kind, id)),
    publicIdentifiers: (ids) => inTransaction(engine, (trx) => publicIdentifiersOn(trx, ids)),
    refresh: (id) => inTransaction(engine, (trx) => refreshProfileIdentifiersOn(trx, id)),
    drop: (id) => inTransaction(engine, (trx) => dropProfileIdentifiersOn(trx, id)),
  };
}

const list = (values: readonly unknown[]) => JSON.stringify(values);
const DAY = '2025-03-01';

/** The fixture's profiles, by role. */
interface Fixture { shown: number; waiting: number; republished: number }

/** The same rows on either engine, through Kysely, into a fresh database (so the ids are the same too). */
async function insertFixture(db: Kysely<Database>): Promise<Fixture> {
  const profile = async (kind: Kind, name: string, status: 'verified' | 'pending', lists: Partial<Record<
    'email' | 'phone' | 'telegram' | 'website' | 'wallet_addresses' | 'bank_accounts' | 'ip_addresses', string>>) =>
    (await db.insertInto('profiles').values({
      kind, name, verification_status: status, joined_date: DAY, reported_person_date: DAY, submitted_at: `${DAY}T00:00:00.000Z`,
      submission_kind: 'report', ...lists,
    }).returning('id').executeTakeFirstOrThrow()).id;
  const incident = (profileId: number, status: 'approved' | 'pending', occurred: string | null, reported: string,
    lists: Partial<Record<'emails' | 'phones' | 'telegrams' | 'websites' | 'wallet_addresses' | 'bank_accounts' | 'ip_addresses', string>>) =>
    db.insertInto('incidents').values({ profile_id: profileId, description: 'A rug pull', verification_status: status, occurred, reported, ...lists }).execute();

  const shown = await profile('developer', 'Ivy Lane', 'verified', {
    email: list(['Ivy.Lane@Inbox.invalid']), phone: list(['+61 (0)491 570 159']), telegram: list(['@ivy_lane']),
    website: list(['https://ivy-lane.example', 'not a site']), wallet_addresses: list(['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed']),
    bank_accounts: list([{ bank_name: 'Bank', account: 'DE89 3704 0044 0532 0130 00' }]), ip_addresses: list(['192.0.2.7']),
  });
  // approved, in an order that is not the ids': the newest (by occurred, else reported) is read first,
  // so of three spellings of one handle the newest incident's is the value the profile shows, and of
  // two spellings of one phone in incidents of the same day the later id's
  await incident(shown, 'approved', '2024-01-05', '2024-02-01', { telegrams: list(['@Dup_Handle']), emails: list(['ivy.lane@inbox.invalid']), phones: list(['+61 491 570 160']) });
  await incident(shown, 'approved', null, '2024-06-01', { telegrams: list(['https://t.me/dup_handle']), websites: list(['https://t.me/ivy_two']) });
  await incident(shown, 'approved', '2024-01-05', '2024-01-06', { telegrams: list(['@DUP_HANDLE']), ip_addresses: list(['198.51.100.1']), phones: list(['+61491570160']) });
  // pending: none of it is shown
  await incident(shown, 'pending', '2025-01-01', '2025-01-02', { telegrams: list(['@pending_only']), phones: list(['+1 202 555 0143']) });

  const waiting = await profile('project', 'Moon Vault', 'pending', { telegram: list(['@moon_vault']), email: list(['team@moon.invalid']) });
  await incident(waiting, 'approved', '2024-03-03', '2024-03-04', { telegrams: list(['@moon_vault_2']) });

  const republished = await profile('project', 'Star Bridge', 'verified', { website: list(['https://star-bridge.example']) });
  await incident(republished, 'approved', '2024-04-04', '2024-04-05', { wallet_addresses: list(['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']) });

  await db.insertInto('sync_texts').values([shown, republished].map((id) => ({ id, revision: 0, json: `{"id":${id}}` }))).execute();
  return { shown, waiting, republished };
}

/** Every row the spine writes, in one order on both engines. */
async function rowsOf(db: Kysely<Database>) {
  return {
    counter: await db.selectFrom('revision_counter').selectAll().execute(),
    revisions: await db.selectFrom('profiles').select(['id', 'revision']).orderBy('id').execute(),
    tombstones: await db.selectFrom('tombstones').selectAll().orderBy('kind').orderBy('id').execute(),
    syncTexts: await db.selectFrom('sync_texts').select(['id', 'revision']).orderBy('id').execute(),
    identifiers: await db.selectFrom('profile_identifiers').selectAll()
      .orderBy('profile_id').orderBy('kind').orderBy('canonical').execute(),
  };
}

/**
 * The scenario, on a fixture already in `db`; what each step gave back and the rows after it.
 * Data changes that are not the spine's (a status set by a moderator) go through Kysely on both.
 */
async function scenario(db: Kysely<Database>, spine: Spine, { shown, waiting, republished }: Fixture) {
  const steps: { step: string; gave: unknown; rows: Awaited<ReturnType<typeof rowsOf>> }[] = [];
  const record = async (step: string, gave: unknown) => {
    steps.push({ step, gave, rows: await rowsOf(db) });
  };
  const status = (id: number, verification_status: 'verified' | 'rejected') =>
    db.updateTable('profiles').set({ verification_status }).where('id', '=', id).execute();

  await record('current at start', await spine.current());
  await record('reserve 5', await spine.reserve(5));
  await record('next', await spine.next());
  await record('current', await spine.current());
  // (a map by id: the order its entries were read in is no part of it)
  const byId = (found: Map<number, ProfileIdentifier[]>) => [...found].sort(([a], [b]) => a - b);
  await record('public identifiers', byId(await spine.publicIdentifiers([shown, waiting, republished, 999])));
  await record('public identifiers of none', byId(await spine.publicIdentifiers([])));
  for (const id of [shown, waiting, republished]) await record(`touch ${id}`, await spine.touch(id));
  // the unverified profile is tombstoned, then touched while still unverified: its tombstone stays
  await record('tombstone waiting', await spine.tombstone('project', waiting));
  await record('touch waiting', await spine.touch(waiting));
  // rejected once public: tombstoned, its sync text and identifiers go; touched while rejected, it stays gone
  await status(republished, 'rejected');
  await record('tombstone republished', await spine.tombstone('project', republished));
  await record('touch republished while rejected', await spine.touch(republished));
  // tombstoned again: the upsert takes the new revision
  await record('tombstone republished again', await spine.tombstone('project', republished));
  // verified again and touched: its tombstone goes and its identifiers come back
  await status(republished, 'verified');
  await record('republish', await spine.touch(republished));
  // the pending incident approved: its identifiers join the profile's
  await db.updateTable('incidents').set({ verification_status: 'approved' }).where('profile_id', '=', shown)
    .where('verification_status', '=', 'pending').execute();
  await record('touch after approval', await spine.touch(shown));
  await record('drop', await spine.drop(shown));
  await record('refresh', await spine.refresh(shown));
  await record('current at end', await spine.current());
  return steps;
}

const sqliteFile = () => engines.sqlitePath();

async function onSqliteSync() {
  const app = openDatabase(sqliteFile());
  const engine = engineOver(app);
  try {
    const fixture = await insertFixture(engine.db);
    return { fixture, steps: await scenario(engine.db, syncSpine(app), fixture) };
  } finally {
    app.close();
  }
}

async function onTwins(open: () => Promise<{ engine: Engine; close: () => Promise<void> }>) {
  const { engine, close } = await open();
  try {
    const fixture = await insertFixture(engine.db);
    return { fixture, steps: await scenario(engine.db, twinSpine(engine), fixture) };
  } finally {
    await close();
  }
}

const onSqliteTwins = () => onTwins(async () => {
  const app = openDatabase(sqliteFile());
  return { engine: engineOver(app), close: async () => { app.close(); } };
});
const onPostgresTwins = () => onTwins(async () => {
  const engine = await openEngine(await engines.postgresUrl());
  return { engine, close: () => engine.close() };
});

type Steps = Awaited<ReturnType<typeof onSqliteSync>>['steps'];
const stepNamed = (steps: Steps, name: string) => {
  const found = steps.find((s) => s.step === name);
  if (!found) throw new Error(`no step ${name}`);
  return found;
};

describe('the revision spine on the data layer', () => {
  it('when the twins run on SQLite, then after every step the database holds the rows the sync functions leave, and they give back the same', async () => {
    const sync = await onSqliteSync();
    const twins = await onSqliteTwins();
    expect(twins.fixture).toEqual(sync.fixture);
    expect(twins.steps.map((s) => s.step)).toEqual(sync.steps.map((s) => s.step));
    for (const [i, step] of twins.steps.entries()) expect(step, step.step).toEqual(sync.steps[i]);

    // the scenario does what it says, so the comparison is of something
    const { shown, waiting, republished } = sync.fixture;
    const ids = (name: string) => stepNamed(sync.steps, name).rows.identifiers;
    const tombstoned = (name: string) => stepNamed(sync.steps, name).rows.tombstones.map((t) => t.id);
    expect(stepNamed(sync.steps, 'reserve 5').gave).toBe(1);
    expect(stepNamed(sync.steps, 'next').gave).toBe(6);
    expect(ids(`touch ${republished}`).filter((r) => r.profile_id === republished).map((r) => r.kind)).toEqual(['btc', 'domain']);
    expect(ids(`touch ${republished}`).filter((r) => r.profile_id === waiting)).toEqual([]);
    expect(ids(`touch ${republished}`).find((r) => r.profile_id === shown && r.canonical === 'dup_handle')?.value).toBe('https://t.me/dup_handle');
    expect(ids(`touch ${republished}`).find((r) => r.profile_id === shown && r.canonical === '+61491570160')?.value).toBe('+61491570160');
    expect(ids(`touch ${republished}`).some((r) => r.canonical === 'pending_only')).toBe(false);
    expect(tombstoned('touch waiting')).toEqual([waiting]);
    expect(tombstoned('touch republished while rejected')).toEqual([waiting, republished]);
    expect(ids('touch republished while rejected').filter((r) => r.profile_id === republished)).toEqual([]);
    expect(stepNamed(sync.steps, 'tombstone republished').rows.syncTexts.map((t) => t.id)).toEqual([shown]);
    expect(tombstoned('republish')).toEqual([waiting]);
    expect(ids('republish').filter((r) => r.profile_id === republished)).toHaveLength(2);
    expect(ids('touch after approval').some((r) => r.canonical === 'pending_only')).toBe(true);
    expect(ids('drop').filter((r) => r.profile_id === shown)).toEqual([]);
    expect(ids('refresh')).toEqual(ids('touch after approval'));
  });

  it('when the twins run on PostgreSQL, then after every step it holds the rows they leave on SQLite, and they give back the same', async () => {
    const sqlite = await onSqliteTwins();
    const pg = await onPostgresTwins();
    expect(pg.fixture).toEqual(sqlite.fixture);
    expect(pg.steps.map((s) => s.step)).toEqual(sqlite.steps.map((s) => s.step));
    for (const [i, step] of pg.steps.entries()) expect(step, step.step).toEqual(sqlite.steps[i]);
  });
});
