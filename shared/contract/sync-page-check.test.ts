import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../test-support';
import { syncPageSchema } from './sync';
import { isSyncPage } from './sync-page-check';

const incident = {
  id: 7, description: 'Paid, never delivered', occurred: '2024-03-01', reported: null, amount: 1200.5, currency: 'USDT',
  types: ['Rug Pull'], nicknames: [], industries: ['DeFi'], companies: [], company_addresses: [], websites: [], telegrams: ['@x'],
  emails: [], phones: [], ip_addresses: [], wallet_addresses: ['0xabc'], bank_names: ['B'], bank_accounts: [{ bank_name: 'B', account: '1' }],
  avatar: null, status: 'approved',
};
const page = () => ({
  profiles: [{ ...sampleProfile({ id: 3 }), kind: 'developer', revision: 12, incidents: [incident] }, { ...sampleProfile({ id: 4 }), kind: 'project', revision: 13, incidents: [] }],
  tombstones: [{ kind: 'developer', id: 9, revision: 14 }],
  cursor: 14, hasMore: false, remaining: 0, reset: false,
});

/** A page changed by `change`, which may also say nothing (a sound page). */
function changed(change: (p: ReturnType<typeof page> & Record<string, unknown>) => void): unknown {
  const p = page() as ReturnType<typeof page> & Record<string, unknown>;
  change(p);
  return JSON.parse(JSON.stringify(p));
}

const cases: [string, unknown][] = [
  ['a sound page', changed(() => undefined)],
  ['an extra field (a newer server)', changed((p) => { p.extra = 1; (p.profiles[0] as Record<string, unknown>).more = 'x'; })],
  ['an empty page', { profiles: [], tombstones: [], cursor: 0, hasMore: false, remaining: 0, reset: false }],
  ['no cursor', changed((p) => { delete (p as Record<string, unknown>).cursor; })],
  ['a cursor that is not a whole number', changed((p) => { p.cursor = 1.5; })],
  ['a negative remaining', changed((p) => { p.remaining = -1; })],
  ['hasMore as a string', changed((p) => { (p as Record<string, unknown>).hasMore = 'true'; })],
  ['a profile of an unknown kind', changed((p) => { (p.profiles[0] as Record<string, unknown>).kind = 'scammer'; })],
  ['a profile without a revision', changed((p) => { delete (p.profiles[0] as Record<string, unknown>).revision; })],
  ['a name that is null', changed((p) => { (p.profiles[0] as Record<string, unknown>).name = null; })],
  ['an avatar that is null', changed((p) => { (p.profiles[0] as Record<string, unknown>).avatar = null; })],
  ['a number in a list of strings', changed((p) => { (p.profiles[0] as Record<string, unknown>).email = ['a@b.example', 5]; })],
  ['a bank account without its account', changed((p) => { (p.profiles[0] as Record<string, unknown>).bankAccounts = [{ bank_name: 'B' }]; })],
  ['an incident in the older shape', changed((p) => { p.profiles[0]!.incidents = [{ id: 1, scam_description: 'x' } as never]; })],
  ['an incident amount as text', changed((p) => { (p.profiles[0]!.incidents[0] as Record<string, unknown>).amount = '12'; })],
  ['a tombstone without an id', changed((p) => { delete (p.tombstones[0] as Record<string, unknown>).id; })],
  ['not an object', 'page'],
  ['null', null],
];

describe('the compiled sync page check', () => {
  it.each(cases)('when given %s, then it says what syncPageSchema says', (_name, json) => {
    expect(isSyncPage(json)).toBe(syncPageSchema.safeParse(json).success);
  });

  it('when the cases are counted, then both verdicts occur (the comparison means something)', () => {
    const verdicts = cases.map(([, json]) => isSyncPage(json));
    expect(verdicts.filter(Boolean).length).toBeGreaterThanOrEqual(3);
    expect(verdicts.filter((v) => !v).length).toBeGreaterThanOrEqual(10);
  });
});
