// Open data's data code on both engines (issue 21, docs/decisions/035): what open-data.test.ts holds
// on SQLite through the app, here on SQLite and PostgreSQL alike over the same small registry, text
// in it as awkward as reports get (quotes, commas, newlines, non-ASCII, U+2028, markup): the
// figures, the feed's XML and each export's bytes are the same on both, each export read at one
// moment of the registry, kept once per revision in the folder its engine keeps them in.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEngines } from '../../../tests/support/engines';
import { AT, insertIncident, smallRegistry, type SmallRegistry } from '../../../tests/support/registry-rows';
import { registryExportSchema, REGISTRY_CSV_COLUMNS, registryStatsAnswerSchema, stixBundleSchema } from '../../../shared/contract/open-data';
import { caseId } from '../../../shared/domain/case-id';
import { IDENTIFIER_KIND_LABELS } from '../../../shared/domain/registry-stats';
import { inTransaction, openEngine, type Engine } from '../../db/engine/engine';
import type { Database } from '../../db/engine/schema';
import { currentRevisionOn, nextRevisionOn, touchProfileOn } from '../../db/revision';
import { currentExport, exportSource, writeExport, type ExportName } from './exports';
import { atomFeed, feedAnswer } from './feed';
import { inSnapshot } from './moment';
import { statsJson } from './stats';

const engines = useEngines();

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bustr-open-data-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});
let folders = 0;
/** A new folder to keep exports in. */
const exportsDir = () => join(dir, `exports-${++folders}`);

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const AWKWARD_NAME = 'Zoë "The Quote" O\'Brien, 李\nsecond line\u2028after U+2028 =SUM(A1)';
const AWKWARD_BIO = 'Bio with <markup> & ]]> and "quotes", commas\u2028and a line separator';
const AWKWARD_INCIDENT = 'Said "hi",\r\nthen ran — ünïcödé 李\u2028gone';
const BANK = { bank_name: 'Bank, "Quoted" Ltd', account: 'DE89 3704 0044 0532 0130 00' };
const BASE = 'https://bustr.example';
const GENERATED_AT = new Date('2026-01-02T03:04:05.000Z');

interface Registry extends SmallRegistry { awkward: number; awkwardIncident: number; pendingIncident: number }

/** The small registry (tests/support/registry-rows.ts), a third public profile of awkward text, and the moderation's audit entries. */
function registry(engine: Engine): Promise<Registry> {
  return smallRegistry(engine, async (trx, rows) => {
    const awkward = (await trx.insertInto('profiles').values({
      kind: 'developer', name: AWKWARD_NAME, bio: AWKWARD_BIO, email: JSON.stringify(['awk@example.com']),
      wallet_addresses: JSON.stringify([EVM]), telegram: JSON.stringify(['@awk_ward']), website: JSON.stringify(['https://awk.example/a,b']),
      bank_accounts: JSON.stringify([BANK]), ip_addresses: JSON.stringify(['203.0.113.9']), scam_type: JSON.stringify(['Rug Pull']),
      verification_status: 'verified', joined_date: '2024-02-29', reported_person_date: AT, submitted_at: AT,
      submission_kind: 'NEW_DEVELOPER', revision: await nextRevisionOn(trx),
    }).returning('id').executeTakeFirstOrThrow()).id;
    const awkwardIncident = (await trx.insertInto('incidents').values({
      profile_id: awkward, description: AWKWARD_INCIDENT, occurred: '2024-03-15', reported: AT, amount: 12.5, currency: 'EUR',
      types: JSON.stringify(['Phishing', 'Rug Pull']), wallet_addresses: JSON.stringify([EVM, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq']),
      bank_accounts: JSON.stringify([BANK, { bank_name: 'Ünïbank', account: '12345678' }]), emails: JSON.stringify(['zoë@exämple.com']),
      submitter_contact: 'private reporter contact', verification_status: 'approved',
    }).returning('id').executeTakeFirstOrThrow()).id;
    const pendingIncident = await insertIncident(trx, awkward, 'Not yet approved', 'pending@example.com', 'pending');
    await touchProfileOn(trx, awkward);
    const audit = (action: string, target_kind: string, target_id: number, minute: number) => trx.insertInto('audit_log')
      .values({ at: `2025-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`, actor: 'staff', action, target_kind, target_id }).execute();
    await audit('developer.verify', 'developer', rows.developer, 1);
    await audit('project.verify', 'project', rows.project, 2);
    await audit('incident.approve', 'incident', rows.incidentA, 3);
    await audit('developer.verify', 'developer', rows.hidden, 4); // not public now: not in the feed
    await audit('incident.approve', 'incident', pendingIncident, 5); // nor this
    await audit('developer.verify', 'developer', awkward, 6);
    await audit('incident.approve', 'incident', awkwardIncident, 7);
    return { awkward, awkwardIncident, pendingIncident };
  });
}

const NAMES: ExportName[] = ['json', 'csv', 'stix'];
const unpacked = (path: string) => gunzipSync(readFileSync(path)).toString('utf8');

/** A verified profile more, as a write makes it: a new revision. */
async function publishAnother(engine: Engine): Promise<number> {
  return inTransaction(engine, async (trx: Kysely<Database>) => {
    const id = (await trx.insertInto('profiles').values({
      kind: 'project', name: 'Later Project', verification_status: 'verified', joined_date: AT, reported_person_date: AT,
      submitted_at: AT, submission_kind: 'NEW_PROJECT', revision: await nextRevisionOn(trx),
    }).returning('id').executeTakeFirstOrThrow()).id;
    await touchProfileOn(trx, id);
    return id;
  });
}

describe('open data on both engines', () => {
  it('when the figures are read, then both engines give the same answer, summed from the public registry only', async () => {
    const results = await engines.onBoth(async (engine) => {
      await registry(engine);
      const answer = await statsJson(engine);
      return { etag: answer.etag, revision: answer.revision, body: answer.bytes.toString('utf8') };
    });
    expect(results[1]).toEqual(results[0]);
    const stats = registryStatsAnswerSchema.parse(JSON.parse(results[0].body));
    expect(results[0].etag).toBe(`"stats-${stats.revision}"`);
    expect(stats).toMatchObject({ scammers: 2, projects: 1, incidents: 4 });
    expect(stats.losses).toEqual([{ currency: 'USD', total: 1500, incidents: 3 }, { currency: 'EUR', total: 12.5, incidents: 1 }]);
    // each currency's months up to its last: when it occurred, else when it was reported
    expect(stats.monthly.EUR?.at(-1)).toEqual({ month: '2024-03', total: 12.5 });
    expect(stats.monthly.USD?.at(-1)).toEqual({ month: '2025-01', total: 1500 });
    // the profile's own 'Rug Pull' and its incident's count once
    expect(stats.scamTypes).toEqual([{ label: 'Phishing', count: 1, profiles: 1 }, { label: 'Rug Pull', count: 1, profiles: 1 }]);
    expect(Object.fromEntries(stats.identifierKinds.map((k) => [k.label, [k.count, k.profiles]]))).toEqual({
      [IDENTIFIER_KIND_LABELS.email]: [7, 3], // Alice's and her two incidents', Moon Token's and its incident's, the awkward one's and its incident's
      [IDENTIFIER_KIND_LABELS.walletAddresses]: [2, 1], // its own and its incident's, that one once
      [IDENTIFIER_KIND_LABELS.bankAccounts]: [2, 1], // the same account in both, once
      [IDENTIFIER_KIND_LABELS.telegram]: [1, 1],
      [IDENTIFIER_KIND_LABELS.website]: [1, 1],
      [IDENTIFIER_KIND_LABELS.ipAddresses]: [1, 1],
    });
  });

  it('when the feed is made, then both engines give the same XML: the public events, newest first, cached per revision', async () => {
    const results = await engines.onBoth(async (engine) => {
      const rows = await registry(engine);
      const answer = await feedAnswer(engine, BASE);
      const again = await feedAnswer(engine, BASE);
      return { rows, xml: await atomFeed(engine.db, BASE), cached: answer.bytes.toString('utf8'), etag: answer.etag, same: again === answer };
    });
    expect(results[1]).toEqual(results[0]);
    const { rows, xml, cached, etag, same } = results[0];
    expect(cached).toBe(xml);
    expect(same).toBe(true);
    expect(etag).toMatch(/^"feed-r\d+"$/);
    const ids = [...xml.matchAll(/<id>tag:bustr\.registry,2025:([a-z]+\/\d+)<\/id>/g)].map((m) => m[1]);
    expect(ids).toEqual([
      `incident/${rows.awkwardIncident}`, `profile/${rows.awkward}`, `incident/${rows.incidentA}`, `profile/${rows.project}`, `profile/${rows.developer}`,
    ]);
    // as CDATA, the one `]]>` in it split across two
    expect(xml).toContain('<![CDATA[Bio with <markup> & ]]]]><![CDATA[> and "quotes", commas\u2028and a line separator]]>');
    expect(xml).toContain(`<![CDATA[Incident approved: Phishing by ${AWKWARD_NAME} (${caseId(rows.awkward)})]]>`);
    expect(xml).not.toContain('private reporter contact');
  });

  it('when each export is written, then both engines write the same bytes: the public registry only, awkward text intact', async () => {
    const results = await engines.onBoth(async (engine) => {
      const rows = await registry(engine);
      const { target } = exportSource(engine);
      const texts: Record<string, string> = {};
      for (const name of NAMES) {
        const file = await writeExport(target, exportsDir(), name, GENERATED_AT);
        expect(file.revision).toBe(await currentRevisionOn(engine.db));
        texts[name] = unpacked(file.path);
      }
      return { rows, texts };
    });
    expect(results[1]).toEqual(results[0]);
    const { rows, texts } = results[0];

    const data = registryExportSchema.parse(JSON.parse(texts.json!));
    expect(data.generated_at).toBe(GENERATED_AT.toISOString());
    expect(data.profiles.map((p) => p.id)).toEqual([rows.developer, rows.project, rows.awkward]);
    const awkward = data.profiles.find((p) => p.id === rows.awkward)!;
    expect(awkward).toMatchObject({ name: AWKWARD_NAME, bio: AWKWARD_BIO, case_id: caseId(rows.awkward) });
    expect(awkward.incidents.map((i) => i.description)).toEqual([AWKWARD_INCIDENT]);
    expect(awkward.bankAccounts).toEqual([BANK, { bank_name: 'Ünïbank', account: '12345678' }]);
    expect(texts.json).not.toContain('private reporter contact');

    const csv = texts.csv!;
    expect(csv.split('\r\n')[0]).toBe(REGISTRY_CSV_COLUMNS.join(','));
    // quoted as RFC 4180 says, its quotes doubled, the formula defused only where it starts a value
    expect(csv).toContain(`${rows.awkward},${caseId(rows.awkward)},developer,"${AWKWARD_NAME.replace(/"/g, '""')}",evm,${EVM.toLowerCase()},${EVM},2024-02-29\r\n`);

    const bundle = stixBundleSchema.parse(JSON.parse(texts.stix!));
    const patterns = bundle.objects.flatMap((o) => ('pattern' in o ? [o.pattern] : []));
    expect(patterns).toEqual(expect.arrayContaining([
      `[x-crypto-wallet:address = '${EVM.toLowerCase()}' AND x-crypto-wallet:network = 'evm']`,
      "[user-account:account_type = 'telegram' AND user-account:account_login = 'awk_ward']",
      "[email-addr:value = 'rug@example.com']",
    ]));
    expect(patterns.some((p) => p.includes('hidden@example.com') || p.includes('pending@example.com'))).toBe(false);
  });

  it('when the registry changes while an export reads, then it reads on at the moment it began', async () => {
    const results = await engines.onBoth(async (engine) => {
      await registry(engine);
      const own = await openEngine(exportSource(engine).target, { readonly: true, poolSize: 1 });
      try {
        return await inSnapshot(own, async (db) => {
          const count = async () => (await db.selectFrom('profiles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
          const before = { revision: await currentRevisionOn(db), profiles: await count() };
          await publishAnother(engine); // through the app's engine, meanwhile
          const after = { revision: await currentRevisionOn(db), profiles: await count() };
          return { same: after.revision === before.revision && after.profiles === before.profiles, moved: (await currentRevisionOn(engine.db)) - before.revision };
        });
      } finally {
        await own.close();
      }
    });
    expect(results[1]).toEqual(results[0]);
    expect(results[0]).toEqual({ same: true, moved: 2 });
  });

  it('when an export is asked for again, then the kept file answers until the registry changes, and the older file goes', async () => {
    const results = await engines.onBoth(async (engine) => {
      await registry(engine);
      const source = exportSource(engine, exportsDir());
      const first = await currentExport(source, 'json', await currentRevisionOn(engine.db));
      const again = await currentExport(source, 'json', await currentRevisionOn(engine.db));
      const before = unpacked(again.path);
      await publishAnother(engine);
      const next = await currentExport(source, 'json', await currentRevisionOn(engine.db));
      return {
        revisions: [first.revision, again.revision, next.revision].map((r) => r - first.revision),
        kept: again.path === first.path,
        files: readdirSync(source.dir).map((f) => f.replace(/-r\d+\./, '-rN.')),
        later: [before.includes('Later Project'), unpacked(next.path).includes('Later Project')],
        etag: next.etag === `"export-json-r${next.revision}"`,
        name: basename(next.path) === `registry-json-r${next.revision}.gz`,
      };
    });
    expect(results[1]).toEqual(results[0]);
    expect(results[0]).toEqual({ revisions: [0, 0, 2], kept: true, files: ['registry-json-rN.gz'], later: [false, true], etag: true, name: true });
  });

  it('when the exports\' folder is not set, then a SQLite database keeps them beside it and a PostgreSQL one in a folder of its own in the temp folder', async () => {
    const results = await engines.onBoth(async (engine) => {
      const source = exportSource(engine);
      const chosen = exportSource(engine, '/srv/exports');
      return { engine: engine.kind, target: source.target, dir: source.dir, chosen: chosen.dir };
    });
    expect(results[0].dir).toBe(join(dirname(results[0].target), 'exports'));
    expect(results[1].target).toMatch(/^postgres(ql)?:\/\//);
    expect(dirname(results[1].dir)).toBe(join(tmpdir(), 'bustr-exports'));
    expect(basename(results[1].dir)).toMatch(/^[0-9a-f]{16}$/);
    for (const result of results) expect(result.chosen).toBe('/srv/exports');
  });
});
