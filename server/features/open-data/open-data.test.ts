// Open data (issue 20) on the real app and a temp database: the API description (valid OpenAPI 3.1,
// and real answers match the schemas it gives), its reference page, the exports of the verified
// registry (content, ETag and 304, compression, never reporter data) and the Atom feed, read with a
// real XML parser (@xmldom/xmldom, which throws on XML that is not well-formed).
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { DOMParser, type Element } from '@xmldom/xmldom';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, staffClient, visitor, type Client, type TestApp } from '../../test-support';
import { publishedProfile, reportIncident, reportProfile } from '../../test-flows';
import { seedDemoOn } from '../../demo/seed-engine';
import { routes } from '../../../shared/contract/routes';
import { caseId } from '../../../shared/domain/case-id';
import { DATA_LICENCE, REGISTRY_CSV_COLUMNS, registryExportSchema, registryStatsAnswerSchema, stixBundleSchema } from '../../../shared/contract/open-data';
import { syncPageSchema, type SyncProfile } from '../../../shared/contract/sync';
import { registryStats } from '../../../shared/domain/registry-stats';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // EIP-55's first example
const REPORTER_CONTACT = 'victim.private@mail.invalid';
const REPORTER_NAME = 'Reporter Private Name';

let t: TestApp;
let anon: Client;
let staff: Client;
let aldric: number;

beforeEach(async () => {
  t = makeTestApp();
  await seedDemoOn(t.engine, { profiles: 40 });
  anon = await visitor(t.app);
  staff = await staffClient(t);
  ({ id: aldric } = await publishedProfile(anon, staff, 'developers', { name: 'Aldric Webster' }, [{
    telegrams: ['@aldric_web302'], websites: ['https://site.example'], walletAddresses: [EVM],
    emails: ['name@inbox.invalid'], ipAddresses: ['203.0.113.7'], victimsContact: REPORTER_CONTACT, scamTypes: ['Rug Pull'],
  }]));
});
afterEach(() => t.close());

const text = (res: request.Response) => (res.text ?? (res.body as Buffer).toString('utf8'));
/** A GET whose body is read as text whatever its type. */
const getText = (path: string, headers: Record<string, string> = {}) =>
  request(t.app).get(path).set(headers).buffer(true).parse((res, done) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => { body += chunk; });
    res.on('end', () => done(null, body));
  });

describe('the API description', () => {
  it('when /api/openapi.json is read, then it is valid OpenAPI 3.1 and lists every route of the table with its errors', async () => {
    const res = await getText(routes.openData.openapi.path());
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.body as string) as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/sync/', '/api/check', '/api/export/registry.json', '/feed.atom', '/api/developers/{id}/']));
    expect(Object.keys(doc.paths['/api/removal-requests/{id}/process/']!.post!.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '409']));
    expect(Object.keys(doc.paths['/api/sync/']!.get!.responses)).toEqual(expect.arrayContaining(['200', '304', '400']));
    expect(Object.keys(doc.paths['/api/developers/']!.post!.responses)).toEqual(expect.arrayContaining(['400', '403', '413', '422', '503']));
  });

  it('when public calls are made, then their real answers match the schemas the description gives them', async () => {
    const doc = (await request(t.app).get(routes.openData.openapi.path())).body as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>> };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const schemaOf = (path: string, status = '200', type = 'application/json') => {
      const schema = doc.paths[path]!.get!.responses[status]!.content![type]!.schema;
      return ajv.compile(Object.hasOwn(schema, '$ref') ? { $ref: '#/components/schemas/Error', components: (doc as unknown as { components: object }).components } : schema);
    };
    const calls: [path: string, url: string, status?: number][] = [
      ['/api/sync/', routes.sync.page.path({ query: { since: 0, limit: 50 } })],
      ['/api/check', routes.check.lookup.path({ query: { q: EVM } })],
      ['/api/developers/', routes.profiles.list.developer.path({ query: { page_size: 5 } })],
      ['/api/developers/{id}/', routes.profiles.detail.developer.path({ id: aldric })],
      ['/api/developers/{id}/scams/', routes.incidents.ofProfile.developer.path({ id: aldric })],
      ['/api/accounts/me/', routes.auth.currentUser.path()],
      ['/api/export/registry.json', routes.openData.exportJson.path()],
      ['/api/stats/', routes.openData.stats.path()],
      ['/api/receipts/{token}/', routes.receipts.read.path({ token: 'x'.repeat(43) }), 404],
      ['/api/sync/', routes.sync.page.path({ query: { limit: 0 } }), 400],
      ['/api/check', routes.check.lookup.path({ query: { q: '' } }), 400],
    ];
    for (const [path, url, status = 200] of calls) {
      const res = await request(t.app).get(url);
      expect(res.status, url).toBe(status);
      const validate = schemaOf(path, String(status));
      expect(validate(res.body), `${url}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    }
  });

  it('when an answer breaks its schema, then the same check fails (the check can fail)', async () => {
    const doc = (await request(t.app).get(routes.openData.openapi.path())).body as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: object }> }> }>> };
    const validate = new Ajv2020({ strict: false }).compile(doc.paths['/api/sync/']!.get!.responses['200']!.content['application/json']!.schema);
    const page = (await request(t.app).get(routes.sync.page.path({ query: { limit: 2 } }))).body as { profiles: { name: unknown }[] };
    page.profiles[0]!.name = 42;
    expect(validate(page)).toBe(false);
  });

  it('when /api/docs/ is opened, then the reference page and its renderer come from our origin', async () => {
    const page = await request(t.app).get(routes.openData.docs.path());
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(['swagger-ui-bundle.js', 'reference.js']);
    for (const file of [...scripts, 'swagger-ui.css']) {
      const res = await request(t.app).get(`/api/docs/${file}`);
      expect(res.status, file).toBe(200);
    }
    expect((await request(t.app).get('/api/docs/package.json')).status).toBe(404);
    expect((await request(t.app).get('/api/docs/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await request(t.app).get('/api/docs')).headers.location).toBe('/api/docs/');
  });
});

describe('the exports', () => {
  it('when registry.json is read, then it holds every verified profile with its approved incidents, stamped with the revision and the licence', async () => {
    const pending = await reportProfile(anon, 'developers', { name: 'Not Yet Verified' });
    const res = await request(t.app).get(routes.openData.exportJson.path()).set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.link).toContain(DATA_LICENCE.url);
    const data = registryExportSchema.parse(res.body);
    expect(data.licence).toBe('CC BY 4.0');
    expect(res.headers['x-registry-revision']).toBe(String(data.revision));
    expect(res.headers.etag).toBe(`"export-json-r${data.revision}"`);
    const verified = await t.engine.db.selectFrom('profiles').select('id').where('verification_status', '=', 'verified').execute();
    expect(data.profiles).toHaveLength(verified.length);
    expect(data.profiles.some((p) => p.id === pending)).toBe(false);
    const mine = data.profiles.find((p) => p.id === aldric)!;
    expect(mine).toMatchObject({ name: 'Aldric Webster', kind: 'developer', case_id: caseId(aldric) });
    expect(mine.incidents).toHaveLength(1);
    expect(mine.walletAddresses).toContain(EVM);
  });

  it('when the registry has not changed, then an export answers 304 to its ETag, and a new one after a change', async () => {
    for (const path of [routes.openData.exportJson.path(), routes.openData.exportCsv.path(), routes.openData.exportStix.path()]) {
      const first = await getText(path);
      expect(first.status, path).toBe(200);
      const again = await request(t.app).get(path).set('If-None-Match', first.headers.etag as string);
      expect(again.status, path).toBe(304);
    }
    const before = (await request(t.app).get(routes.openData.exportJson.path())).headers.etag as string;
    await publishedProfile(anon, staff, 'projects', { name: 'Moon Vault' });
    const after = await request(t.app).get(routes.openData.exportJson.path()).set('If-None-Match', before);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect((after.body as { profiles: { name: string }[] }).profiles.map((p) => p.name)).toContain('Moon Vault');
  });

  it('when a client takes no compression, then the export comes unpacked', async () => {
    const res = await getText(routes.openData.exportCsv.path(), { 'Accept-Encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(text(res).split('\r\n')[0]).toBe(REGISTRY_CSV_COLUMNS.join(','));
  });

  it('when registry.csv is read, then it has one row per identifier in canonical form', async () => {
    const res = await getText(routes.openData.exportCsv.path());
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = text(res).trim().split('\r\n');
    expect(lines[0]).toBe('profile_id,case_id,kind,name,identifier_kind,canonical_identifier,value,listed_since');
    const mine = lines.filter((l) => l.startsWith(`${aldric},`));
    expect(mine.map((l) => l.split(',').slice(4, 6).join(' '))).toEqual(expect.arrayContaining([
      `evm ${EVM.toLowerCase()}`, 'telegram aldric_web302', 'domain site.example', 'email name@inbox.invalid', 'ipv4 203.0.113.7',
    ]));
    const rows = await t.engine.db.selectFrom('profile_identifiers as i').innerJoin('profiles as p', 'p.id', 'i.profile_id')
      .select('i.profile_id').where('p.verification_status', '=', 'verified').execute();
    expect(lines).toHaveLength(rows.length + 1);
  });

  it('when a name would run as a spreadsheet formula, then the CSV defuses it', async () => {
    await publishedProfile(anon, staff, 'developers', { name: '=HYPERLINK("http://evil.example","x")' }, [{ websites: ['evil.example'] }]);
    const csv = text(await getText(routes.openData.exportCsv.path()));
    expect(csv).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
  });

  it('when the STIX bundle is read, then it holds an indicator per identifier STIX can express, credited and licensed', async () => {
    const res = await getText(routes.openData.exportStix.path());
    expect(res.headers['content-type']).toMatch(/^application\/stix\+json/);
    const bundle = stixBundleSchema.parse(JSON.parse(text(res)));
    const indicators = bundle.objects.filter((o) => o.type === 'indicator');
    const mine = indicators.filter((o) => 'external_references' in o && o.external_references[0]!.external_id === caseId(aldric));
    expect(mine.map((o) => 'pattern' in o && o.pattern)).toEqual(expect.arrayContaining([
      "[domain-name:value = 'site.example']",
      "[ipv4-addr:value = '203.0.113.7']",
      "[email-addr:value = 'name@inbox.invalid']",
      "[user-account:account_type = 'telegram' AND user-account:account_login = 'aldric_web302']",
    ]));
    const marking = bundle.objects.find((o) => o.type === 'marking-definition');
    expect(marking && 'definition' in marking && marking.definition.statement).toContain('CC BY 4.0');
    expect(new Set(bundle.objects.map((o) => o.id)).size).toBe(bundle.objects.length);
  });

  it('when reporters left their contact and name, then no export holds them', async () => {
    const id = await reportIncident(anon, 'developers', aldric, { victimsContact: `${REPORTER_NAME} ${REPORTER_CONTACT}` });
    await staff.post(routes.incidents.approve.path({ id }));
    const submitters = [...new Set([
      ...(await t.engine.db.selectFrom('profiles').select('submitted_by').where('submitted_by', '<>', 'Anonymous').execute()),
      ...(await t.engine.db.selectFrom('incidents').select('submitted_by').where('submitted_by', '<>', 'Anonymous').execute()),
    ].map((r) => r.submitted_by))];
    const contacts = [...new Set((await t.engine.db.selectFrom('incidents').select('submitter_contact').where('submitter_contact', '<>', '').execute())
      .map((r) => r.submitter_contact))];
    expect(contacts).toContain(`${REPORTER_NAME} ${REPORTER_CONTACT}`);
    for (const path of [routes.openData.exportJson.path(), routes.openData.exportCsv.path(), routes.openData.exportStix.path(), routes.openData.feed.path()]) {
      const body = text(await getText(path));
      expect(body.length, path).toBeGreaterThan(100);
      expect(body, path).not.toContain(REPORTER_CONTACT);
      expect(body, path).not.toContain('submitter_contact');
      for (const secret of [...contacts, ...submitters]) expect(body.includes(secret), `${path}: ${secret}`).toBe(false);
    }
  });
});

describe('the Atom feed', () => {
  const parse = (xml: string) => new DOMParser({ onError: (level, message) => { throw new Error(`${level}: ${message}`); } }).parseFromString(xml, 'application/xml');

  it('when a profile is verified, then the feed, parsed as XML, has an entry for it and for its approved incident', async () => {
    const { id, incidentIds } = await publishedProfile(anon, staff, 'projects', { name: 'Moon Vault', bio: 'A vault that never opened.' }, [{ scamTypes: ['Exit Scam'], lostAmount: '2500' }]);
    const res = await getText(routes.openData.feed.path());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/atom\+xml/);
    const doc = parse(text(res));
    const ATOM = 'http://www.w3.org/2005/Atom';
    expect(doc.documentElement!.namespaceURI).toBe(ATOM);
    expect(doc.documentElement!.localName).toBe('feed');
    const entries = [...doc.getElementsByTagNameNS(ATOM, 'entry')];
    const field = (entry: Element, name: string) => entry.getElementsByTagNameNS(ATOM, name)[0]?.textContent ?? '';
    const byId = new Map(entries.map((e) => [field(e, 'id'), e]));
    const profile = byId.get(`tag:bustr.registry,2025:profile/${id}`)!;
    expect(field(profile, 'title')).toBe(`Project verified: Moon Vault (${caseId(id)})`);
    expect(profile.getElementsByTagNameNS(ATOM, 'link')[0]!.getAttribute('href')).toMatch(new RegExp(`/\\?profile=${caseId(id)}$`));
    const incident = byId.get(`tag:bustr.registry,2025:incident/${incidentIds[0]}`)!;
    expect(field(incident, 'title')).toBe(`Incident approved: Exit Scam by Moon Vault (${caseId(id)})`);
    // RFC 4287: the feed has an id, a title, an updated and an author; every entry an id, a title and an updated
    for (const name of ['id', 'title', 'updated', 'author']) expect(doc.documentElement!.getElementsByTagNameNS(ATOM, name).length, name).toBeGreaterThan(0);
    for (const entry of entries) for (const name of ['id', 'title', 'updated']) expect(field(entry, name), name).not.toBe('');
    expect(entries[0]).toBe(incident); // newest first
  });

  it('when a verified profile is sent back, then its entry leaves the feed; an unchanged feed answers 304', async () => {
    const first = await getText(routes.openData.feed.path());
    expect(text(first)).toContain(`profile/${aldric}<`);
    expect((await request(t.app).get(routes.openData.feed.path()).set('If-None-Match', first.headers.etag as string)).status).toBe(304);
    await staff.post(routes.profiles.reject.developer.path({ id: aldric }));
    const after = await getText(routes.openData.feed.path()).set('If-None-Match', first.headers.etag as string);
    expect(after.status).toBe(200);
    expect(text(after)).not.toContain(`profile/${aldric}<`);
  });
});

describe('the Atom feed\'s links', () => {
  /** every link's target in the feed: the feed's own and each entry's */
  const hrefs = (xml: string) => [...xml.matchAll(/ href="([^"]*)"/g)].map((m) => m[1]!);
  const allUnder = (xml: string, origin: string) => {
    const found = hrefs(xml);
    return found.length > 0 && found.every((href) => href.startsWith(`${origin}/`));
  };

  it('when PUBLIC_URL is set, then the links are under it whatever Host the request sent', async () => {
    const pinned = makeTestApp({ PUBLIC_URL: 'https://bustr.example/' });
    try {
      const res = await request(pinned.app).get(routes.openData.feed.path()).set('Host', 'attacker.example').buffer(true);
      expect(allUnder(res.text, 'https://bustr.example')).toBe(true);
      expect(res.text).not.toContain('attacker');
    } finally {
      pinned.close();
    }
  });

  it('when PUBLIC_URL is unset, then a plain Host is used and anything else in Host gives localhost', async () => {
    const plain = await request(t.app).get(routes.openData.feed.path()).set('Host', 'Registry.Example:8443').buffer(true);
    expect(allUnder(plain.text, 'http://registry.example:8443')).toBe(true);
    for (const host of ['evil"><script>', 'a b', 'x.example/path', 'user@x.example']) {
      const res = await request(t.app).get(routes.openData.feed.path()).set('Host', host).buffer(true);
      expect(res.status, host).toBe(200);
      expect(allUnder(res.text, 'http://localhost'), host).toBe(true);
    }
  });
});

describe('the statistics read', () => {
  /** Sums rounded to the cent: SQL and JavaScript add in different orders. */
  const rounded = (value: unknown) => JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v * 100) / 100 : v))) as unknown;

  it('when /api/stats/ is read, then its figures are those the app sums from the synced registry, with an ETag per revision', async () => {
    await publishedProfile(anon, staff, 'projects', { name: 'Moon Vault' }, [{ lostAmount: '12.5', currency: 'EUR', scamDate: '2025-02-03', scamTypes: ['Exit Scam'] }]);
    const profiles: SyncProfile[] = [];
    for (let since = 0, more = true; more;) {
      const page = syncPageSchema.parse((await request(t.app).get(routes.sync.page.path({ query: { since, limit: 5000 } }))).body);
      profiles.push(...page.profiles);
      since = page.cursor;
      more = page.hasMore;
    }
    const res = await request(t.app).get(routes.openData.stats.path());
    expect(res.status).toBe(200);
    const { revision, ...figures } = registryStatsAnswerSchema.parse(res.body);
    expect(figures.scammers + figures.projects).toBe(profiles.length);
    expect(figures.losses.find((l) => l.currency === 'EUR')).toBeTruthy();
    expect(rounded(figures)).toEqual(rounded(registryStats(profiles)));
    expect((await request(t.app).get(routes.openData.stats.path()).set('If-None-Match', res.headers.etag as string)).status).toBe(304);
    await staff.post(routes.profiles.reject.developer.path({ id: aldric }));
    const after = registryStatsAnswerSchema.parse((await request(t.app).get(routes.openData.stats.path())).body);
    expect(after.revision).toBeGreaterThan(revision);
    expect(after.scammers).toBe(figures.scammers - 1);
  });
});
