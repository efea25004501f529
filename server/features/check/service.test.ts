// GET /api/check's data code on both engines (issue 21, docs/decisions/035): what check.test.ts,
// demo-lookups.test.ts and lookalikes.test.ts hold on SQLite through the app, here on SQLite and
// PostgreSQL alike: wallets, e-mails, phones, Telegram handles, domains and case ids found as
// matches (in the same order), a lookalike domain, handle and name called out, a profile not yet
// reviewed found by nothing, the lookalike index brought forward by a change and a removal, and
// the same answers on each. Then two instances over one PostgreSQL database: a removal on one is
// gone from the other's next answer (the revision read per request), and a lookup never answers
// from an index at another moment than its own.
import type { Kysely, KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEngines, writer, type Write } from '../../../tests/support/engines';
import { insertProfile, smallRegistry, type SmallRegistry } from '../../../tests/support/registry-rows';
import { caseId } from '../../../shared/domain/case-id';
import type { CheckAnswer } from '../../../shared/contract/check';
import { openDatabase } from '../../db/connection';
import { engineOver, inTransaction, openEngine, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { currentRevisionOn, tombstoneProfileOn, touchProfileOn } from '../../db/revision';
import { checkAnswer, checkText } from './service';
import { buildLookalikesLater, lookalikeIndex, lookalikeIndexAt } from './lookalikes';
import { readOneMoment } from './one-moment';
import type { CachedAnswer } from '../../read-model/answer-cache';

const engines = useEngines();

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // EIP-55's first example
const PROJECT_EVM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'; // EIP-55's second

interface Rows extends SmallRegistry { bob: number; emile: number }

/** The small registry with identifiers of every kind, and two more public profiles sharing an e-mail with Moon Token. */
function registry(engine: Engine): Promise<Rows> {
  return smallRegistry(engine, async (trx, rows) => {
    await trx.updateTable('profiles').set({
      telegram: JSON.stringify(['@aldric_web302']), phone: JSON.stringify(['+61 (0)491 570 159']),
      website: JSON.stringify(['https://site.example']), wallet_addresses: JSON.stringify([EVM]),
    }).where('id', '=', rows.developer).execute();
    await trx.updateTable('profiles').set({
      email: JSON.stringify(['moon@example.com', 'shared@example.com']),
      website: JSON.stringify(['https://moonvault.example/', 'https://docs.moonvault.example/']),
      wallet_addresses: JSON.stringify([PROJECT_EVM]), telegram: JSON.stringify(['@moonvault_official']),
    }).where('id', '=', rows.project).execute();
    // (named so that lower(name) orders them: 'bob …' < 'moon …' < 'Émile …', whose É is past every ASCII letter)
    const bob = await insertProfile(trx, 'developer', 'bob builder', 'shared@example.com', 'verified');
    const emile = await insertProfile(trx, 'developer', 'Émile Shared', 'SHARED@example.com', 'verified');
    for (const id of [bob, emile]) await touchProfileOn(trx, id);
    await trx.updateTable('profiles').set({ telegram: JSON.stringify(['@hidden_handle']) }).where('id', '=', rows.hidden).execute();
    return { bob, emile };
  });
}

const LOOKUPS = (rows: Rows) => [
  '@aldric_web302', 'https://t.me/aldric_web302', '+61491570159', 'tel:+61491570159', 'www.site.example', EVM.toLowerCase(),
  `ethereum:${PROJECT_EVM}`, 'alice@example.com', 'Rug@Example.com', 'shared@example.com', caseId(rows.developer), caseId(rows.hidden),
  'hidden@example.com', '@hidden_handle', 'nothing.example',
  // lookalikes: a domain (a confusable, another suffix), a handle two edits away, a name
  'moonvau1t.example', 'moonvault.co', 'aldric_web320', 'Alice Exarnple',
];

/** Each lookup's answer, by query. */
async function answers(engine: Engine, queries: readonly string[]): Promise<Record<string, CheckAnswer>> {
  const out: Record<string, CheckAnswer> = {};
  for (const q of queries) out[q] = await checkText(engine, q);
  return out;
}

const names = (answer: CheckAnswer) => answer.matches.map((m) => `${m.name} ${m.field}`);
const lookalikes = (answer: CheckAnswer) => answer.lookalikes.map((l) => `${l.name} ${l.compared_as} ${l.value} ${l.reason}`);

async function removeProfile(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.updateTable('profiles').set({ verification_status: 'rejected' }).where('id', '=', id).execute();
  await tombstoneProfileOn(trx, 'developer', id);
}

describe('the check on both engines', () => {
  it('when identifiers of every kind and lookalikes are looked up, then both engines give the same answers, the matches in name order', async () => {
    const results = await engines.onBoth(async (engine) => {
      const rows = await registry(engine);
      return { rows, answers: await answers(engine, LOOKUPS(rows)) };
    });
    expect(results[1]).toEqual(results[0]);
    const [{ rows, answers: found }] = results;

    expect(names(found['@aldric_web302']!)).toEqual(['Alice Example telegram']);
    expect(names(found['https://t.me/aldric_web302']!)).toEqual(['Alice Example telegram']);
    expect(names(found['+61491570159']!)).toEqual(['Alice Example phone']);
    expect(names(found['tel:+61491570159']!)).toEqual(['Alice Example phone']);
    expect(names(found['www.site.example']!)).toEqual(['Alice Example website']);
    expect(names(found[EVM.toLowerCase()]!)).toEqual(['Alice Example walletAddresses']);
    expect(found[EVM.toLowerCase()]!.matches[0]!.value).toBe(EVM);
    expect(names(found[`ethereum:${PROJECT_EVM}`]!)).toEqual(['Moon Token walletAddresses']);
    expect(names(found['alice@example.com']!)).toEqual(['Alice Example email']);
    expect(names(found['Rug@Example.com']!)).toEqual(['Alice Example email']); // an approved incident's
    expect(names(found['shared@example.com']!)).toEqual(['bob builder email', 'Moon Token email', 'Émile Shared email']);
    expect(found[caseId(rows.developer)]!.matches).toEqual([expect.objectContaining({ id: rows.developer, field: 'id', identifier_kind: 'case_id' })]);
    // a profile not yet reviewed is found by nothing
    for (const q of [caseId(rows.hidden), 'hidden@example.com', '@hidden_handle', 'nothing.example']) {
      expect(found[q]!.matches, q).toEqual([]);
      expect(found[q]!.lookalikes, q).toEqual([]);
    }
    // a listed value is a match, never its own lookalike
    expect(found['@aldric_web302']!.lookalikes).toEqual([]);

    expect(found['moonvau1t.example']!.matches).toEqual([]);
    expect(lookalikes(found['moonvau1t.example']!)).toEqual(['Moon Token domain https://moonvault.example/ confusable']);
    // (both its domains are as near: the first canonical form is shown)
    expect(lookalikes(found['moonvault.co']!)).toEqual(['Moon Token domain https://docs.moonvault.example/ same_name']);
    expect(lookalikes(found.aldric_web320!)).toEqual(['Alice Example telegram @aldric_web302 edit_distance']);
    expect(lookalikes(found['Alice Exarnple']!)).toEqual(['Alice Example name Alice Example confusable']);
  });

  it('when a profile changes and another leaves after lookups, then the next answers follow the registry on both engines, cached per revision', async () => {
    const results = await engines.onBoth(async (engine, sqlite) => {
      const write: Write = writer(engine, sqlite);
      const rows = await registry(engine);
      const read = async (q: string) => {
        const answer = await checkAnswer(engine, q);
        return { etag: answer.etag, body: JSON.parse(answer.bytes.toString()) as CheckAnswer };
      };
      const before = { lookalike: await read('moonvau1t.example'), handle: await read('@new_handle_77'), near: await read('@new_handle_78') };
      const again = await read('moonvau1t.example');
      await write(async (trx) => {
        await trx.updateTable('profiles').set({ telegram: JSON.stringify(['@aldric_web302', '@new_handle_77']) }).where('id', '=', rows.developer).execute();
        await touchProfileOn(trx, rows.developer);
        await removeProfile(trx, rows.project);
      });
      const after = { lookalike: await read('moonvau1t.example'), handle: await read('@new_handle_77'), near: await read('@new_handle_78') };
      return { before, again, after };
    });
    expect(results[1]).toEqual(results[0]);
    const [{ before, again, after }] = results;
    // the same answer from the cache until the revision moves
    expect(again).toEqual(before.lookalike);
    expect(lookalikes(before.lookalike.body)).toEqual(['Moon Token domain https://moonvault.example/ confusable']);
    expect(names(before.handle.body)).toEqual([]);
    expect(before.near.body.lookalikes).toEqual([]);

    expect(after.lookalike.etag).not.toBe(before.lookalike.etag);
    expect(after.lookalike.body.lookalikes).toEqual([]);
    expect(names(after.handle.body)).toEqual(['Alice Example telegram']);
    expect(lookalikes(after.near.body)).toEqual(['Alice Example telegram @new_handle_77 edit_distance']);
  });
});

/**
 * `engine` with a read of the revision held until released once armed (a lookup's first read in
 * its transaction takes the transaction's snapshot); the same index and caches as `engine`'s are not
 * shared (they are keyed by its Kysely), so use `slow` for every lookup of the test.
 */
function stallingRevisionRead(engine: Engine) {
  let armed: { skip: number; reached: () => void; released: Promise<void> } | null = null;
  const revisionReads = new WeakSet<object>();
  const gate: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (armed && JSON.stringify(node).includes('"revision_counter"')) revisionReads.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      const held = armed;
      if (held && revisionReads.has(queryId) && held.skip-- === 0) {
        armed = null;
        held.reached();
        await held.released;
      }
      return result;
    },
  };
  const slow: Engine = { ...engine, db: engine.db.withPlugin(gate) };
  return {
    slow,
    /** Holds the revision read after `skip` more (checkAnswer's first is the cache's, outside its transaction). */
    arm(skip = 0) {
      let reached!: () => void;
      const stalled = new Promise<void>((resolve) => { reached = resolve; });
      let release!: () => void;
      const released = new Promise<void>((resolve) => { release = resolve; });
      armed = { skip, reached, released };
      return { stalled, release };
    },
  };
}

describe('the lookalike index built between requests on both engines', () => {
  it('when a profile already read leaves while it is built, then it is brought forward at its end, and a lookup that comes during it answers as the registry is', async () => {
    const results = await engines.onBoth(async (engine, sqlite) => {
      const rows = await registry(engine);
      // its steps run when the test says
      const steps: (() => void)[] = [];
      let finished = false;
      const nextStep = async () => {
        while (steps.length === 0 && !finished) await new Promise((resolve) => setTimeout(resolve, 2));
        steps.shift()?.();
      };
      const done = new Promise<unknown>((resolve) => buildLookalikesLater(engine, (error) => {
        finished = true;
        resolve(error);
      }, { batch: 2, schedule: (step) => steps.push(step) }));
      await nextStep(); // Alice Example and Moon Token read
      while (steps.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
      await writer(engine, sqlite)((trx) => removeProfile(trx, rows.developer));
      while (!finished) await nextStep();
      const error = await done;
      const index = await lookalikeIndex(engine);
      const answers = { handle: await checkText(engine, 'aldric_web320'), domain: await checkText(engine, 'moonvau1t.example') };

      // a lookup that comes while another build is under way answers as the registry is (SQLite: it finishes the build)
      await writer(engine, sqlite)((trx) => removeProfile(trx, rows.project));
      return { error, size: index.size, answers, during: await duringBuild(engine) };
    });
    expect(results[1]).toEqual(results[0]);
    const [{ error, size, answers, during }] = results;
    expect(error).toBeUndefined();
    expect(size).toBe(3); // Moon Token, bob builder, Émile Shared
    expect(answers.handle.lookalikes).toEqual([]);
    expect(lookalikes(answers.domain)).toEqual(['Moon Token domain https://moonvault.example/ confusable']);
    expect(during).toEqual({ size: 2, lookalikes: [] });
  });
});

/**
 * A lookup made on `engine`'s registry while a build between requests has read its first step,
 * through an index of its own (another SQLite connection to the file; another Kysely over the
 * PostgreSQL pool): the index's size, and the lookalikes of Moon Token's lookalike domain.
 */
async function duringBuild(engine: Engine): Promise<{ size: number; lookalikes: string[] }> {
  const connection = engine.sqlite ? openDatabase(engine.sqlite.name) : null;
  const fresh: Engine = connection ? engineOver(connection) : { ...engine, db: engine.db.withoutPlugins() };
  try {
    const steps: (() => void)[] = [];
    let finished = false;
    buildLookalikesLater(fresh, () => { finished = true; }, { batch: 1, schedule: (step) => steps.push(step) });
    steps.shift()!();
    while (steps.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    const answer = await checkText(fresh, 'moonvau1t.example');
    const size = (await lookalikeIndex(fresh)).size;
    // its next step finds the build taken over, and it ends
    steps.shift()!();
    while (!finished) await new Promise((resolve) => setTimeout(resolve, 2));
    return { size, lookalikes: lookalikes(answer) };
  } finally {
    connection?.close();
  }
}

/** Two app instances' engines over one new PostgreSQL database, closed after the test. */
async function onTwoInstances(test: (a: Engine, b: Engine) => Promise<void>): Promise<void> {
  const url = await engines.postgresUrl();
  const [a, b] = [await openEngine(url), await openEngine(url)];
  try {
    await test(a, b);
  } finally {
    await a.close();
    await b.close();
  }
}

describe('two instances over one PostgreSQL database', () => {
  it('when one removes a profile, then the other no longer finds it nor its lookalikes (it reads the revision per request)', () => onTwoInstances(async (a, b) => {
    const rows = await registry(a);
    const read = async (q: string) => JSON.parse((await checkAnswer(b, q)).bytes.toString()) as CheckAnswer;
    expect(names(await read('alice@example.com'))).toEqual(['Alice Example email']);
    expect(lookalikes(await read('aldric_web320'))).toEqual(['Alice Example telegram @aldric_web302 edit_distance']);
    expect(lookalikes(await read('Alice Exarnple'))).toEqual(['Alice Example name Alice Example confusable']);

    await inTransaction(a, (trx) => removeProfile(trx, rows.developer));

    expect(names(await read('alice@example.com'))).toEqual([]);
    expect((await read('aldric_web320')).lookalikes).toEqual([]);
    expect((await read('Alice Exarnple')).lookalikes).toEqual([]);
    expect((await read(caseId(rows.developer))).matches).toEqual([]);
    // and the rest of the registry is still found there
    expect(names(await read('shared@example.com'))).toEqual(['bob builder email', 'Moon Token email', 'Émile Shared email']);
  }));

  it('when a lookup\'s moment is older than the index, then the index is not used for it, unless built anew at that moment', () => onTwoInstances(async (a, b) => {
    const rows = await registry(a);
    await lookalikeIndex(b);
    // a lookup's transaction on b takes its snapshot; a removes a profile; another lookup on b brings the index forward
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let snapshotTaken!: () => void;
    const taken = new Promise<void>((resolve) => { snapshotTaken = resolve; });
    const older = readOneMoment(b, async (trx) => {
      const revision = await currentRevisionOn(trx);
      snapshotTaken();
      await released;
      const index = await lookalikeIndexAt(b, trx, revision);
      const rebuilt = await lookalikeIndexAt(b, trx, revision, true);
      return { revision, index, rebuilt: rebuilt && { revision: rebuilt.revision, size: rebuilt.size } };
    });
    await taken;
    await inTransaction(a, (trx) => removeProfile(trx, rows.developer));
    const newer = await lookalikeIndex(b);
    const newerAt = { revision: newer.revision, size: newer.size };
    release();
    const { revision, index, rebuilt } = await older;

    expect(newerAt.revision).toBeGreaterThan(revision);
    expect(index).toBeNull();
    // built anew in the older moment: Alice is still public there
    expect(rebuilt).toEqual({ revision, size: newerAt.size + 1 });
    // and the next lookup brings it forward again
    expect(await checkText(b, 'aldric_web320')).toMatchObject({ lookalikes: [] });
  }));

  it('when a write commits in the middle of a lookup, then the lookup answers as the registry was at its first read', () => onTwoInstances(async (a, b) => {
    const rows = await registry(a);
    const { slow, arm } = stallingRevisionRead(b);
    await lookalikeIndex(slow);
    const before = await currentRevisionOn(a.db);
    const { stalled, release } = arm(1);
    const during = checkAnswer(slow, '@aldric_web302');
    await stalled;
    await inTransaction(a, (trx) => removeProfile(trx, rows.developer));
    release();
    // (REPEATABLE READ: READ COMMITTED would read the matches after the removal, at the revision before it)
    const answer = await during;
    expect(answer.revision).toBe(before);
    expect(names(JSON.parse(answer.bytes.toString()) as CheckAnswer)).toEqual(['Alice Example telegram']);
    // the next lookup reads the revision after the removal
    expect(names(await checkText(slow, '@aldric_web302'))).toEqual([]);
  }));

  it('when a lookup\'s moment is older than an index another lookup brought forward meanwhile, then it reads its answer again at a later moment', () => onTwoInstances(async (a, b) => {
    const rows = await registry(a);
    const { slow, arm } = stallingRevisionRead(b);
    await lookalikeIndex(slow);
    const { stalled, release } = arm();
    const older = checkText(slow, '@aldric_web302');
    await stalled;
    const before = await currentRevisionOn(a.db);
    await inTransaction(a, (trx) => removeProfile(trx, rows.developer));
    // another lookup on the same instance brings the index forward past the stalled one's moment
    expect((await lookalikeIndex(slow)).revision).toBeGreaterThan(before);
    release();
    // its moment saw Alice Example public; the answer is read again, where she is gone
    expect(await older).toMatchObject({ matches: [], lookalikes: [] });
  }));

  it('when two lookups wait for a third\'s change of the index, then they take their turns after it, one at a time (both bringing it forward from one revision failed)', () => onTwoInstances(async (a, b) => {
    const rows = await registry(a);
    await lookalikeIndex(b);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    // a lookup whose moment is one write ahead of the index, then two whose moment is two ahead
    const lookup = async (ready: () => void) => readOneMoment(b, async (trx) => {
      const revision = await currentRevisionOn(trx);
      ready();
      await gate;
      return { revision, at: (await lookalikeIndexAt(b, trx, revision))?.revision };
    });
    const inMoment = () => { let ready!: () => void; return { read: new Promise<void>((resolve) => { ready = resolve; }), ready }; };
    await inTransaction(a, (trx) => removeProfile(trx, rows.developer));
    const first = inMoment();
    const third = lookup(first.ready);
    await first.read;
    await inTransaction(a, (trx) => removeProfile(trx, rows.hidden));
    const [one, two] = [inMoment(), inMoment()];
    const waiting = [lookup(one.ready), lookup(two.ready)] as const;
    await Promise.all([one.read, two.read]);
    // all three ask in one turn: the first changes the index, the two others wait for it
    open();
    const [x, y, z] = await Promise.all([third, ...waiting]);
    expect(y.revision).toBeGreaterThan(x.revision);
    expect(z.revision).toBe(y.revision);
    // each was given the index at its own moment
    expect([x.at, y.at, z.at]).toEqual([x.revision, y.revision, y.revision]);
  }));

  it('when many lookups come at once on an instance while another writes, then each answer is one moment of the registry', () => onTwoInstances(async (a, b) => {
    await registry(a);
    // the handles added one by one on a, lookups on b all the while: an answer at revision r names exactly those added by r
    const lookups: Promise<CachedAnswer>[] = [];
    const lookUp = (i: number) => lookups.push(Promise.resolve(checkAnswer(b, i % 2 ? '@moonvault_officiaX' : `moonvault_officia${i % 6}x`)));
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 4; j++) lookUp(i * 4 + j);
      await inTransaction(a, async (trx) => {
        const id = await insertProfile(trx, 'developer', `Handle Holder ${i}`, `holder${i}@example.com`, 'verified');
        await trx.updateTable('profiles').set({ telegram: JSON.stringify([`@moonvault_officia${i}`]) }).where('id', '=', id).execute();
        await touchProfileOn(trx, id);
      });
    }
    for (let j = 0; j < 4; j++) lookUp(j);
    const answers = await Promise.all(lookups);
    const holders = await a.db.selectFrom('profiles').select(['id', 'name', 'revision']).where('name', 'like', 'Handle Holder %').execute();
    for (const answer of answers) {
      const body = JSON.parse(answer.bytes.toString()) as CheckAnswer;
      const shown = new Set(body.lookalikes.map((l) => l.name));
      // at the answer's revision: the holders written by then, Moon Token throughout
      const expected = holders.filter((h) => h.revision <= answer.revision).map((h) => h.name);
      for (const name of shown) expect(name === 'Moon Token' || expected.includes(name), `${body.query} at ${answer.revision}: ${name}`).toBe(true);
      if (body.query === '@moonvault_officiaX') {
        expect([...shown].sort(), `at ${answer.revision}`).toEqual(['Moon Token', ...expected].sort());
      }
    }
  }));
});
