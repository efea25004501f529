// GET /api/check on the real app and a temp database: demo profiles around a few made through the
// API (reported by a visitor, verified by staff) with identifiers that are valid — EIP-55's and
// BIP-173's example addresses, a number from Australia's range for fiction, reserved domains.
import fc from 'fast-check';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, staffClient, visitor, type Client, type TestApp } from '../../test-support';
import { publishedProfile, reportIncident, reportProfile } from '../../test-flows';
import { seedDemo } from '../../demo/seeding';
import { CHECK_QUERY_MAX_CHARS } from '../../../shared/constants';
import { checkAnswerSchema, type CheckAnswer } from '../../../shared/contract/check';
import { routes } from '../../../shared/contract/routes';
import { caseId } from '../../../shared/domain/case-id';
import { MAX_IDENTIFIER_CHARS } from '../../../shared/identifiers';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // EIP-55's first example
const PROJECT_EVM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'; // EIP-55's second
const BECH32 = 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'; // BIP-173's P2WPKH example
const VICTIM_CONTACT = 'victim.private@mail.invalid';

let t: TestApp;
let anon: Client;
let staff: Client;
let aldric: number;
let moonVault: number;

const check = (q: string) => request(t.app).get(routes.check.lookup.path({ query: { q } }));

async function answerFor(q: string): Promise<CheckAnswer> {
  const res = await check(q);
  expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(200);
  return checkAnswerSchema.parse(res.body);
}

beforeEach(async () => {
  t = makeTestApp();
  seedDemo(t.db, { profiles: 150 });
  anon = await visitor(t.app);
  staff = await staffClient(t);
  ({ id: aldric } = await publishedProfile(anon, staff, 'developers', { name: 'Aldric Webster' }, [{
    telegrams: ['@aldric_web302'], phones: ['+61 (0)491 570 159', '+44 113 496 0123'], websites: ['https://site.example'],
    emails: ['name@inbox.invalid'], walletAddresses: [EVM, BECH32], ipAddresses: ['203.0.113.7', '192.0.2.10'],
    bankAccounts: [{ bank_name: 'Example Bank', account: 'ACCT-29938799' }], victimsContact: VICTIM_CONTACT,
  }]));
  ({ id: moonVault } = await publishedProfile(anon, staff, 'projects', { name: 'Moon Vault' }, [{
    walletAddresses: [PROJECT_EVM], websites: ['https://moonvault.example/'],
  }]));
});
afterEach(() => t.close());

describe('a pasted identifier finds its profile', () => {
  // every pasted form of issue 16, and the plain ones, with the field the profile holds it in
  const LOOKUPS: [pasted: string, profile: () => number, field: string][] = [
    ['@aldric_web302', () => aldric, 'telegram'],
    ['aldric_web302', () => aldric, 'telegram'],
    ['t.me/aldric_web302', () => aldric, 'telegram'],
    ['https://t.me/aldric_web302', () => aldric, 'telegram'],
    ['telegram.me/Aldric_Web302/', () => aldric, 'telegram'],
    ['+61491570159', () => aldric, 'phone'],
    ['tel:+61491570159', () => aldric, 'phone'],
    ['+61 491 570 159', () => aldric, 'phone'],
    ['0061 491 570 159', () => aldric, 'phone'],
    ['+44 (0)113 496 0123', () => aldric, 'phone'],
    ['www.site.example', () => aldric, 'website'],
    ['http://site.example/login?ref=ad', () => aldric, 'website'],
    ['SITE.EXAMPLE.', () => aldric, 'website'],
    ['mailto:name@inbox.invalid', () => aldric, 'email'],
    ['Name@Inbox.Invalid', () => aldric, 'email'],
    [`ethereum:${EVM}@1?value=1e18`, () => aldric, 'walletAddresses'],
    [`eip155:1:${EVM.toLowerCase()}`, () => aldric, 'walletAddresses'],
    [EVM.toUpperCase().replace('0X', '0x'), () => aldric, 'walletAddresses'],
    [`bitcoin:${BECH32.toLowerCase()}?amount=0.05`, () => aldric, 'walletAddresses'],
    ['203.0.113.7:8080', () => aldric, 'ipAddresses'],
    ['acct 2993 8799', () => aldric, 'bankAccounts'],
    [`ethereum:${PROJECT_EVM}`, () => moonVault, 'walletAddresses'],
    ['https://www.moonvault.example', () => moonVault, 'website'],
  ];

  it.each(LOOKUPS)('when %s is pasted, then the profile holding it is the match, with the value it shows', async (pasted, profile, field) => {
    const answer = await answerFor(pasted);

    expect(answer.matches.map((m) => [m.id, m.field])).toContainEqual([profile(), field]);
    const match = answer.matches.find((m) => m.id === profile())!;
    expect(match).toMatchObject({ case_id: caseId(profile()), kind: profile() === aldric ? 'developer' : 'project' });
    expect(answer.lookalikes.map((l) => l.id)).not.toContain(profile());
  });

  it('when a case id is pasted in any case or padding, then its profile is the match', async () => {
    for (const pasted of [caseId(aldric), `#${caseId(aldric).toLowerCase()}`]) {
      const answer = await answerFor(pasted);
      expect(answer).toMatchObject({ kind: 'case_id', canonical: caseId(aldric), valid: true });
      expect(answer.matches).toEqual([expect.objectContaining({ id: aldric, name: 'Aldric Webster', field: 'id' })]);
    }
  });

  it('when a listed identifier is pasted, then the answer says what it is and how it reads', async () => {
    const answer = await answerFor(`ethereum:${EVM}@1?value=1e18`);

    expect(answer).toMatchObject({ query: `ethereum:${EVM}@1?value=1e18`, kind: 'evm', canonical: EVM.toLowerCase(), valid: true });
    expect(answer.readings[0]).toEqual({ kind: 'evm', canonical: EVM.toLowerCase(), valid: true });
    expect(answer.matches[0]).toEqual({
      id: aldric, kind: 'developer', name: 'Aldric Webster', case_id: caseId(aldric), field: 'walletAddresses', value: EVM,
      identifier_kind: 'evm',
    });
  });
});

describe('what is not listed is not found', () => {
  // (the demo uses other fictional ranges: these neighbours are in no profile)
  it.each([
    ['+441134960124', 'phone'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAee', 'evm'], // the last digit off (its checksum fails too)
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'btc'],
    ['192.0.2.11', 'ipv4'],
  ])('when %s (one digit off) is pasted, then nothing matches', async (pasted, kind) => {
    const answer = await answerFor(pasted);

    expect(answer.kind).toBe(kind);
    expect(answer.matches).toEqual([]);
  });

  it('when a wallet fails its checksum, then the answer says so', async () => {
    const answer = await answerFor('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAee');

    expect(answer).toMatchObject({ kind: 'evm', valid: false, problem: 'checksum' });
  });

  it('when the text is no identifier, then the answer has no kind and nothing matches', async () => {
    const answer = await answerFor('hello there!');

    expect(answer).toMatchObject({ kind: null, canonical: null, valid: false, readings: [], matches: [] });
  });
});

describe('lookalikes', () => {
  it.each([
    ['sitе.example', 'domain', 'website', 'confusable'], // a Cyrillic е
    ['https://site.co', 'domain', 'website', 'same_name'],
    ['aldric_web3O2', 'telegram', 'telegram', 'confusable'], // O for 0
    ['t.me/aldric_web303', 'telegram', 'telegram', 'edit_distance'],
    ['Аldric Webster', 'name', 'name', 'confusable'], // a Cyrillic А
  ])('when %s is pasted, then the listed profile is named as a lookalike, not as a match', async (pasted, comparedAs, field, reason) => {
    const answer = await answerFor(pasted);

    expect(answer.matches.map((m) => m.id)).not.toContain(aldric);
    expect(answer.lookalikes).toContainEqual(expect.objectContaining({
      id: aldric, name: 'Aldric Webster', compared_as: comparedAs, field, reason,
    }));
  });

  it('when the pasted text is the listed value itself, then it is a match and no lookalike', async () => {
    const answer = await answerFor('https://site.example/');

    expect(answer.matches.map((m) => m.id)).toContain(aldric);
    expect(answer.lookalikes.map((l) => l.id)).not.toContain(aldric);
  });

  it('when the registry changes after a lookup, then the next lookalikes follow it', async () => {
    expect((await answerFor('fresh_handle78')).lookalikes).toEqual([]);

    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Fresh Person' }, [{ telegrams: ['@fresh_handle77'] }]);
    expect((await answerFor('fresh_handle78')).lookalikes).toEqual([expect.objectContaining({ id, value: '@fresh_handle77' })]);

    expect((await staff.post(routes.profiles.reject.developer.path({ id }))).status).toBe(200);
    expect((await answerFor('fresh_handle78')).lookalikes).toEqual([]);
  });
});

describe('only the public registry', () => {
  it('when a profile is reported but not verified, then neither its identifiers nor its lookalikes are found', async () => {
    const hidden = await reportProfile(anon, 'developers', { name: 'Hidden Person' });
    await reportIncident(anon, 'developers', hidden, { telegrams: ['@hidden_handle1'], walletAddresses: [PROJECT_EVM.toLowerCase().replace('5', '6')] });

    expect((await answerFor('@hidden_handle1')).matches).toEqual([]);
    expect((await answerFor('@hidden_handle2')).lookalikes).toEqual([]);
  });

  it('when a verified profile gets an incident that is not approved, then its new identifiers are not found until it is', async () => {
    const incident = await reportIncident(anon, 'developers', aldric, { telegrams: ['@aldric_second'] });
    expect((await answerFor('@aldric_second')).matches).toEqual([]);

    await staff.post(routes.incidents.approve.path({ id: incident }));
    expect((await answerFor('@aldric_second')).matches.map((m) => m.id)).toEqual([aldric]);
  });

  it('when a profile is rejected after it was public, then its identifiers are found no more', async () => {
    await staff.post(routes.profiles.reject.developer.path({ id: aldric }));

    // the demo's own Aldric (showcase.ts) holds the same handle: this profile is the one gone
    expect((await answerFor('t.me/aldric_web302')).matches.map((m) => m.id)).not.toContain(aldric);
    expect((await answerFor(EVM)).matches).toEqual([]);
    expect((await answerFor(caseId(aldric))).matches).toEqual([]);
  });

  it('when an answer names a profile, then nothing of whoever reported it is in it', async () => {
    const res = await check(EVM);

    expect(res.status).toBe(200);
    expect(res.text).not.toContain(VICTIM_CONTACT);
    expect(res.text).not.toContain('Anonymous');
    expect(res.text).not.toContain('submitted');
    expect((await answerFor(VICTIM_CONTACT)).matches).toEqual([]);
  });
});

describe('cached like the other public reads', () => {
  it('when asked again with its ETag, then the answer is 304; after a change to the registry it is a new answer', async () => {
    const first = await check('@later_handle');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toMatch(/^"check-\d+-/);
    expect((await check('@later_handle').set('If-None-Match', first.headers.etag!)).status).toBe(304);
    expect((await check('@other_handle')).headers.etag).not.toBe(first.headers.etag);

    const { id } = await publishedProfile(anon, staff, 'developers', { name: 'Later Person' }, [{ telegrams: ['@later_handle'] }]);
    const after = await check('@later_handle').set('If-None-Match', first.headers.etag!);
    expect(after.status).toBe(200);
    expect(after.body.matches.map((m: { id: number }) => m.id)).toEqual([id]);
  });
});

describe('bad queries', () => {
  it.each([
    ['no q', routes.check.lookup.path(), /q/],
    ['an empty q', '/api/check?q=', /empty/],
    ['a blank q', '/api/check?q=%20%20%09', /empty/],
    ['q twice', '/api/check?q=a&q=b', /once/],
    ['a q over the limit', `/api/check?q=${'a'.repeat(CHECK_QUERY_MAX_CHARS + 1)}`, /at most 2048 characters/],
    ['a byte that is not UTF-8', '/api/check?q=%FF', /UTF-8/],
    ['a cut UTF-8 sequence', '/api/check?q=caf%C3', /UTF-8/],
    ['an overlong encoding', '/api/check?q=%C0%AF', /UTF-8/],
  ])('when the query is %s, then the answer is 400 with a message a person can read', async (_name, path, message) => {
    const res = await request(t.app).get(path);

    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('when the text is over the limit, then the message reads as one sentence after the field, as the others do', async () => {
    const res = await check('a'.repeat(CHECK_QUERY_MAX_CHARS + 1));

    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid request: q: The text is too long: at most 2048 characters are read as an identifier.');
  });

  it('when the longest allowed text is sent, then it is read (the limit is the identifier module\'s)', async () => {
    expect(CHECK_QUERY_MAX_CHARS).toBe(MAX_IDENTIFIER_CHARS);
    expect((await check('a'.repeat(CHECK_QUERY_MAX_CHARS))).status).toBe(200);
  });

  it('when a flood of odd texts and raw escapes is sent, then every answer is a 200 or a readable 400, never a 5xx', async () => {
    const escapes = fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 40 })
      .map((bytes) => bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
    const texts = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.constantFrom('%00', '\u0000', '\u202a+61 491 570 159\u202c', 'ethereum:', 'tel:', '@', 't.me/', 'xn--', '.', '..', '%', '%%41'),
      fc.integer({ min: 2000, max: 10_000 }).map((n) => 'x'.repeat(n)),
      fc.integer({ min: 2000, max: 10_000 }).map((n) => 'ж'.repeat(n)),
    );
    await fc.assert(fc.asyncProperty(fc.oneof(texts.map((text) => ({ raw: false, text })), escapes.map((text) => ({ raw: true, text }))), async ({ raw, text }) => {
      const url = raw ? `/api/check?q=${text}` : routes.check.lookup.path({ query: { q: text } });
      const res = await request(t.app).get(url);
      const what = `${JSON.stringify(text).slice(0, 80)}: ${res.status}`;
      if (res.status === 200) checkAnswerSchema.parse(res.body);
      else if (res.status === 400) expect(res.body.error, what).toMatch(/\S/);
      // Node itself refuses a request line over its header limit (16 KB) before the app sees it
      else expect({ status: res.status, over: Buffer.byteLength(url) > 16 * 1024 }, what).toEqual({ status: 431, over: true });
    }), { numRuns: 120 });
  });
});
