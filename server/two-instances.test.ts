// Issue 21: two app instances on one PostgreSQL database, as behind a load balancer. Each has its
// own data layer (a pool of its own), its own caches of public answers and its own search index;
// what they share is the database. A report sent to one is moderated on the other and reaches a
// replica syncing from either; one idempotency key sent to both at once makes one record; a removal
// processed on one is gone from the other's public answers at once; a sign-in throttle holds across both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePostgres } from '../tests/support/postgres';
import { IDEMPOTENCY_HEADER } from '../shared/constants';
import { routes } from '../shared/contract/routes';
import { testConfig } from './config';
import { createApp } from './app';
import { openEngine, type Engine } from './db/engine/engine';
import { upsertUserOn } from './features/auth/users';
import { expectOk, publishedProfile, reportProfile } from './test-flows';
import { MEMBER, STAFF, signIn, visitor, type Client } from './test-support';

const postgres = usePostgres();

interface Instance { engine: Engine; app: ReturnType<typeof createApp> }
let dir = '';
let instances: [Instance, Instance];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bustr-two-'));
  const url = await postgres().newDatabase();
  const made: Instance[] = [];
  for (const name of ['a', 'b']) {
    const engine = await openEngine(url, { poolSize: 4 });
    const config = testConfig({ DATABASE_URL: url, DATABASE_PATH: join(dir, `${name}.sqlite`), CLIENT_DIST: join(dir, 'no-dist'), SEARCH_THREADS: 0 });
    made.push({ engine, app: createApp({ engine, config }) });
  }
  instances = made as [Instance, Instance];
  await upsertUserOn(instances[0].engine, { ...STAFF, isStaff: true });
  await upsertUserOn(instances[0].engine, { ...MEMBER, isStaff: false });
});

afterAll(async () => {
  for (const instance of instances ?? []) await instance.engine.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function staffOn(instance: Instance): Promise<Client> {
  const client = await visitor(instance.app);
  await signIn(client, STAFF.username, STAFF.password);
  return client;
}

/** Every profile id a replica starting from nothing gets from this instance. */
async function replicaIds(client: Client): Promise<{ ids: number[]; gone: number[] }> {
  const ids: number[] = [];
  const gone: number[] = [];
  let since = 0;
  for (;;) {
    const res = await client.get(routes.sync.page.path({ query: { since, limit: 500 } }));
    expect(res.status).toBe(200);
    ids.push(...(res.body.profiles as { id: number }[]).map((p) => p.id));
    gone.push(...(res.body.tombstones as { id: number }[]).map((p) => p.id));
    if (!res.body.hasMore) return { ids, gone };
    since = res.body.cursor as number;
  }
}

const listNames = async (client: Client) =>
  ((await client.get(routes.profiles.list.developer.path({ query: { page_size: 100 } }))).body.results as { name: string }[]).map((p) => p.name);
const searchNames = async (client: Client, q: string) =>
  ((await client.get(routes.search.page.path({ query: { kind: 'developer', q } }))).body.items as { profile: { name: string } }[]).map((i) => i.profile.name);
/** The names of the verified profiles a pasted identifier matches. */
const checkNames = async (client: Client, q: string) =>
  ((await client.get(routes.check.lookup.path({ query: { q } }))).body.matches as { name: string }[]).map((m) => m.name);

describe('two app instances on one PostgreSQL database', () => {
  it('when a report is sent to one and verified on the other, then a replica syncing from either gets it, and both list and find it', async () => {
    const [a, b] = instances;
    const reporter = await visitor(a.app);
    const id = await reportProfile(reporter, 'developers', { name: 'Twin Instance Crook' });
    const staffB = await staffOn(b);
    await expectOk(staffB.post(routes.profiles.verify.developer.path({ id })));

    const [onA, onB] = [await visitor(a.app), await visitor(b.app)];
    // a first read on each, then after the change: neither serves its cached page of before
    for (const client of [onA, onB]) {
      expect((await replicaIds(client)).ids).toContain(id);
      expect(await listNames(client)).toContain('Twin Instance Crook');
      expect(await searchNames(client, 'Twin Instance')).toEqual(['Twin Instance Crook']);
    }
  });

  it('when the same Idempotency-Key reaches both at once, then one record is made and both answer it', async () => {
    const [a, b] = instances;
    const [onA, onB] = [await visitor(a.app), await visitor(b.app)];
    const key = 'twin-key-0001-0001-0001-000000000001';
    const body = { name: 'Sent Twice Exactly' };
    const answers = await Promise.all([onA, onB, onA, onB].map((client) =>
      client.post(routes.profiles.create.developer.path(), body, { [IDEMPOTENCY_HEADER]: key })));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    const rows = await a.engine.db.selectFrom('profiles').select('id').where('name', '=', 'Sent Twice Exactly').execute();
    expect(rows).toHaveLength(1);
  });

  it('when a removal is processed on one, then the other no longer lists, finds, looks up or syncs the profile', async () => {
    const [a, b] = instances;
    const staffA = await staffOn(a);
    const { id } = await publishedProfile(await visitor(a.app), staffA, 'developers', { name: 'Removed Elsewhere' }, [{ telegrams: ['@removed_elsewhere'] }]);
    const onB = await visitor(b.app);
    // B has answered with it (its caches hold it) before A removes it
    expect(await listNames(onB)).toContain('Removed Elsewhere');
    expect(await searchNames(onB, 'Removed Elsewhere')).toEqual(['Removed Elsewhere']);
    expect(await checkNames(onB, '@removed_elsewhere')).toEqual(['Removed Elsewhere']);

    const removal = await (await visitor(a.app)).post(routes.removalRequests.submit.path(), {
      target_type: 'developer', developer: id, case_id: 'BUSTR-2026-0002', full_name: 'Rita Removal',
      contact_information: 'rita@example.com', explanation: 'Listed by mistake: a namesake.',
    });
    expect(removal.status).toBe(201);
    await expectOk(staffA.post(routes.removalRequests.process.path({ id: removal.body.id })));

    expect(await listNames(onB)).not.toContain('Removed Elsewhere');
    expect(await searchNames(onB, 'Removed Elsewhere')).toEqual([]);
    expect(await checkNames(onB, '@removed_elsewhere')).toEqual([]);
    expect((await onB.get(routes.profiles.detail.developer.path({ id }))).status).toBe(404);
    const replica = await replicaIds(onB);
    expect(replica.ids).not.toContain(id);
    expect(replica.gone).toContain(id);
  });

  it('when wrong passwords are tried through both, then the sign-in throttle counts them together', async () => {
    const [a, b] = instances;
    const clients = [await visitor(a.app), await visitor(b.app)];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = clients[i % 2]!;
      const res = await client.agent.post(routes.auth.login.path()).set('X-CSRFToken', client.csrf).type('form')
        .send({ username: MEMBER.username, password: `wrong ${i}`, next: '/' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // the right password is refused on either while the throttle holds
    for (const client of clients) {
      const res = await client.agent.post(routes.auth.login.path()).set('X-CSRFToken', client.csrf).type('form')
        .send({ username: MEMBER.username, password: MEMBER.password, next: '/' });
      expect(res.status).toBe(429);
    }
  });
});
