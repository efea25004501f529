// NUL (U+0000) at the API boundary: every public write, the staff's bulk rejection, sign-in and the
// queries that take text refuse a text holding one with a 400 that names the field, and write
// nothing (shared/contract/common.ts textInput; PostgreSQL's text cannot store it, decision 033).
// Each write is fuzzed over every text field of a complete payload, the NUL anywhere in it.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, memberClient, staffClient, visitor, type Client, type TestApp } from '../test-support';
import { publishedProfile, reportProfile } from '../test-flows';
import { NUL_MESSAGE } from '../../shared/contract/common';
import { routes } from '../../shared/contract/routes';
import { caseId } from '../../shared/domain/case-id';
import { digestRegistry } from '../db/engine/copy';

const PNG_1x1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
let anon: Client;
let staff: Client;
let member: Client;
let developer: number;
let project: number;
let incident: number;
let waiting: number;

beforeAll(async () => {
  t = makeTestApp();
  anon = await visitor(t.app);
  staff = await staffClient(t);
  member = await memberClient(t);
  const published = await publishedProfile(anon, staff, 'developers', { name: 'Published Scammer' }, [{}]);
  developer = published.id;
  incident = published.incidentIds[0]!;
  project = (await publishedProfile(anon, staff, 'projects', { name: 'Published Project' }, [])).id;
  waiting = await reportProfile(anon, 'developers', { name: 'Awaiting Review' });
});
afterAll(() => t.close());

/** Everything the registry holds but the sessions (a request may touch its own): equal before and after means nothing was written. */
async function registryState(): Promise<string> {
  // every table of the schema (TABLES) read in key order and hashed as migrate-data compares registries, on either engine
  const { tables } = await digestRegistry(t.engine.db);
  const hash = createHash('sha256');
  for (const table of tables.filter((d) => d.table !== 'sessions' && d.table !== 'server_state')) hash.update(`${table.table} ${table.rows} ${table.sha256}\n`);
  return hash.digest('hex');
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
interface TextLeaf { path: string[]; value: string }

/** The string values of a payload with their zod paths ('languages.1'), but those of `skip` (enums, which refuse a NUL as no option). */
function textLeaves(value: Json, skip: readonly string[], path: string[] = []): TextLeaf[] {
  if (typeof value === 'string') return skip.includes(path.at(-1)!) ? [] : [{ path, value }];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => textLeaves(child, skip, [...path, key]));
}

function withValue(payload: Json, path: readonly string[], value: string): Json {
  const copy = structuredClone(payload) as Record<string, Json>;
  let node = copy as Record<string, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, Json>;
  node[path.at(-1)!] = value;
  return copy;
}

/** A NUL somewhere in a text: around it, whatever a hostile client might send with it. */
const withNul = fc.record({
  at: fc.nat(),
  before: fc.string({ unit: 'grapheme', maxLength: 6 }),
  after: fc.string({ unit: 'grapheme', maxLength: 6 }),
  nuls: fc.integer({ min: 1, max: 3 }),
}).map(({ at, before, after, nuls }) => (text: string) => {
  const cut = at % (text.length + 1);
  return text.slice(0, cut) + before + '\u0000'.repeat(nuls) + after + text.slice(cut);
});

interface WriteCase {
  what: string;
  client: () => Client;
  path: () => string;
  payload: () => Json;
  /** fields that are enums: not texts */
  enums?: string[];
  created: number;
}

const INCIDENT_CHANGES: Json = {
  nicknames: ['Slick'], industries: ['DeFi'], scamTypes: ['Rug Pull'], companiesUsed: ['Acme'], companyAddresses: ['1 Main St'],
  websites: ['scam.example'], emails: ['a@scam.example'], phones: ['+1 555 0100'], telegrams: ['@slick'], walletAddresses: ['0xabc'],
  bankAccounts: [{ bank_name: 'Acme Bank', account: '42' }, 'Other Bank:77'], ipAddresses: ['203.0.113.7'], amount: '125.50', currency: 'usdt',
};

const WRITES: WriteCase[] = [
  ...(['developer', 'project'] as const).map((kind): WriteCase => ({
    what: `a ${kind} report (POST ${routes.profiles.create[kind].pattern})`,
    client: () => anon,
    path: () => routes.profiles.create[kind].path(),
    payload: () => ({
      name: 'Jane Roe', bio: 'Sells fake presales.', gender: 'Female', location: 'Lisbon', geolocation: '38.7,-9.1', nationality: 'Portuguese',
      languages: ['Portuguese', 'English'], accent: 'Northern', reported_person_date: '2025-03-14', verification_status: 'verified', is_verified: 'true',
    }),
    enums: ['gender'],
    created: 201,
  })),
  {
    what: 'an incident, Add Scam payload (POST /api/developers/{id}/scams/submit/)',
    client: () => anon,
    path: () => routes.incidents.submit.developer.path({ id: developer }),
    payload: () => ({
      description: 'Took a deposit for a presale that never opened.', lostAmount: '1,250.50', currency: 'USDT', victimsContact: 'victim@example.com',
      avatar: PNG_1x1, scamDate: '2025-03-14', nicknames: ['Bob'], industries: ['DeFi'], scamTypes: ['Rug Pull'], companiesUsed: ['Acme'],
      companyAddresses: ['1 Main St'], websites: ['scam.example'], emails: ['a@scam.example'], phones: ['+1 555 0100'], telegrams: ['@bob'],
      walletAddresses: ['0xabc'], ipAddresses: ['203.0.113.7'], bankAccounts: [{ bank_name: 'Acme Bank', account: '42' }, 'Other Bank:77'],
    }),
    created: 201,
  },
  {
    what: 'an incident, wizard payload (POST /api/projects/{id}/scams/)',
    client: () => anon,
    path: () => routes.incidents.report.project.path({ id: project }),
    payload: () => ({
      nickname: 'Slick', avatar: PNG_1x1, companies_used: ['Acme'], company_address: '2 Side St', industry: ['NFT'], scam_type: ['Phishing'],
      website: 'x.example', email: ['a@x.example'], phone: ['+44 20 7946 0000'], telegram: ['@slick'], wallet_addresses: ['bc1qxyz'],
      bank_accounts: ['Acme Bank:99', { bank_name: 'Other', account: '1' }], ip_addresses: ['198.51.100.2'], description: 'Phished a wallet.',
      lostAmount: '50', currency: 'EUR', scamDate: '2025-01-02', victimsContact: 'me@example.com', verification_status: 'verified', is_verified: 'true',
    }),
    created: 201,
  },
  {
    what: 'an edit request (POST /api/developers/{id}/edit-request/)',
    client: () => anon,
    path: () => routes.editRequests.submit.developer.path({ id: developer }),
    payload: () => ({
      developer, full_name: 'Carol Requester', contact_information: 'carol@example.com', case_id: 'EDITREQ-2025-0042', target_type: 'both',
      scam: incident,
      proposed_changes: {
        developer: { name: 'Jane Q. Roe', bio: 'Now sells fake audits.', gender: 'Female', nationality: 'Spanish', languages: ['Spanish'], location: 'Madrid' },
        append: {
          scam_updates: [{ id: incident, set: INCIDENT_CHANGES }],
          scam_creates: [{ set: INCIDENT_CHANGES, description: 'A second presale.' }],
        },
      },
    }),
    enums: ['gender', 'target_type'],
    created: 201,
  },
  {
    what: 'a removal request (POST /api/removal-requests/)',
    client: () => anon,
    path: () => routes.removalRequests.submit.path(),
    payload: () => ({
      target_type: 'developer', developer, case_id: caseId(developer), full_name: 'Riley Example', contact_information: 'riley@example.org',
      explanation: 'The debt was repaid in full.',
    }),
    enums: ['target_type'],
    created: 201,
  },
  {
    what: 'a saved search (POST /api/saved_searches/, signed in)',
    client: () => member,
    path: () => routes.savedSearches.create.path(),
    payload: () => ({ name: 'Presales', filters: { 'Scam Type': ['Rug Pull', 'Phishing'] }, query: 'presale' }),
    created: 201,
  },
  {
    what: 'a bulk rejection with its reason (POST /api/developers/bulk-reject/, staff)',
    client: () => staff,
    path: () => routes.profiles.bulkReject.developer.path(),
    payload: () => ({ ids: [waiting], reason: 'Duplicate of another report.' }),
    created: 200,
  },
];

describe('a text with a NUL character in a write', () => {
  for (const write of WRITES) {
    it(`when ${write.what} holds a NUL in any text field, then 400 names the field and nothing is written; without it, it is stored`, async () => {
      const leaves = textLeaves(write.payload(), write.enums ?? []);
      expect(leaves.length).toBeGreaterThan(0);
      await fc.assert(fc.asyncProperty(fc.constantFrom(...leaves), withNul, async (leaf, insert) => {
        const before = await registryState();
        const body = withValue(write.payload(), leaf.path, insert(leaf.value));
        const res = await write.client().post(write.path(), body);
        const field = leaf.path.join('.');
        expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.details).toContainEqual({ path: field, message: NUL_MESSAGE });
        expect(res.body.error).toContain(`${field}: ${NUL_MESSAGE}`);
        expect(await registryState()).toBe(before);
      }), { numRuns: 40 });

      // the same payload without the NUL is taken: the 400s above were the NUL's
      const res = await write.client().post(write.path(), write.payload());
      expect(res.status, JSON.stringify(res.body)).toBe(write.created);
    });
  }

  it('when a saved search\'s filter category holds a NUL, then 400 and nothing is written', async () => {
    const before = await registryState();
    const res = await member.post(routes.savedSearches.create.path(), { name: 'Odd', filters: { 'Scam\u0000Type': ['Rug Pull'] }, query: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`Invalid request: filters.Scam\\u0000Type: its key ${NUL_MESSAGE}`);
    expect(await registryState()).toBe(before);
  });
});

describe('a NUL character in sign-in', () => {
  it('when the username or the password holds a NUL, then 400 with the spec\'s answer shape naming the field, and no session starts', async () => {
    const sessions = await countRows(t, 'sessions');
    await fc.assert(fc.asyncProperty(fc.constantFrom('username', 'password'), withNul, async (field, insert) => {
      const form = { username: 'staff', password: 'correct horse battery', next: '/' };
      const res = await request(t.app).post(routes.auth.login.path()).set('X-CSRFToken', anon.csrf).set('Cookie', `csrftoken=${anon.csrf}`)
        .type('form').send({ ...form, [field]: insert(form[field]) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: `${field}: ${NUL_MESSAGE}` });
    }), { numRuns: 20 });
    expect(await countRows(t, 'sessions')).toBe(sessions);
  });
});

describe('a NUL character in a query', () => {
  const QUERIES: { what: string; url: (text: string) => string; field: string; client?: () => Client }[] = [
    { what: 'the check (GET /api/check?q=)', url: (q) => routes.check.lookup.path({ query: { q } }), field: 'q' },
    { what: 'the search (GET /api/search/?q=)', url: (q) => routes.search.page.path({ query: { q } }), field: 'q' },
    { what: 'a search filter value (GET /api/search/?filters=)', url: (v) => routes.search.page.path({ query: { filters: JSON.stringify({ 'Scam Type': [v] }) } }), field: 'filters' },
    { what: 'the search lookup (GET /api/search/lookup/?q=)', url: (q) => routes.search.lookup.path({ query: { q } }), field: 'q' },
    { what: 'the filter options (GET /api/filter-options/?search=, signed in)', url: (search) => routes.filterOptions.list.path({ query: { search } }), field: 'search', client: () => member },
  ];
  for (const query of QUERIES) {
    it(`when ${query.what} holds a NUL, then 400 with a readable message, never a 5xx`, async () => {
      await fc.assert(fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 20 }), withNul, async (text, insert) => {
        const url = query.url(insert(text));
        const res = await (query.client ? query.client().get(url) : request(t.app).get(url));
        expect(res.status, url).toBe(400);
        const said = query.field === 'filters' ? `filters: a value of Scam Type ${NUL_MESSAGE}` : `${query.field}: ${NUL_MESSAGE}`;
        expect(res.body.error).toBe(`Invalid request: ${said}`);
      }), { numRuns: 25 });
    });
  }
});
