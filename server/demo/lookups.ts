// What to paste into the demo registry (seedDemo with its default options, or any seed of 10
// profiles or more): identifiers of the showcase profiles (showcase.ts) in the forms people
// receive them, each of which must find its profile; lookalikes, each of which must be called out
// as looking like a listed profile and never found as a match; and values one character off a
// listed one, which must find nothing. Browser tests and the /api/check tests use these lists;
// lookups.test.ts checks them against a seeded database and shared/identifiers.
import { checksumAddress, type IdentifierKind, type LookalikeKind, type LookalikeReason } from '../../shared/identifiers';
import type { Kind } from './generation';
import { ALDRIC, COINHAVEN, TAMSIN, type ShowcaseProfile } from './showcase';

export interface DemoLookup {
  /** The verified profile that holds the identifier: its name and kind. */
  profile: string;
  profileKind: Kind;
  kind: IdentifierKind;
  /** The value as the profile lists it. */
  stored: string;
  /** Forms of it, as pasted, that must find the profile. */
  pasted: readonly string[];
}

export interface DemoLookalike {
  /** A value no listed profile holds. */
  pasted: string;
  kind: LookalikeKind;
  /** The listed value it passes for, and the profile that lists it (the only one it passes for). */
  listed: string;
  profile: string;
  profileKind: Kind;
  reason: LookalikeReason;
}

export interface DemoMiss {
  /** A value no public profile holds. */
  pasted: string;
  kind: IdentifierKind;
  /** The listed value it is one character off. */
  near: string;
}

const of = (p: ShowcaseProfile) => ({ profile: p.name, profileKind: p.kind });
const [ALDRIC_EVM, ALDRIC_BTC] = ALDRIC.wallet_addresses as [string, string];
const [COINHAVEN_EVM, COINHAVEN_BTC, COINHAVEN_LTC] = COINHAVEN.wallet_addresses as [string, string, string];
const [TAMSIN_EVM, TAMSIN_LTC, TAMSIN_BTC] = TAMSIN.wallet_addresses as [string, string, string];

export const DEMO_LOOKUPS: readonly DemoLookup[] = [
  {
    ...of(ALDRIC), kind: 'telegram', stored: '@aldric_web302',
    pasted: ['t.me/aldric_web302', 'https://t.me/aldric_web302', 'aldric_web302', '@aldric_web302', '@Aldric_Web302', 'https://t.me/aldric_web302/'],
  },
  {
    ...of(ALDRIC), kind: 'phone', stored: '+61 (0)491 570 159',
    pasted: ['+61491570159', 'tel:+61491570159', '+61 491 570 159', '0061 491 570 159', '+61 (0)491 570 159'],
  },
  {
    ...of(ALDRIC), kind: 'domain', stored: 'https://aldricquenby.example',
    pasted: ['www.aldricquenby.example', 'http://aldricquenby.example/login?ref=ad', 'aldricquenby.example', 'HTTPS://AldricQuenby.example/'],
  },
  {
    ...of(ALDRIC), kind: 'email', stored: 'aldric.quenby@inbox.invalid',
    pasted: ['mailto:aldric.quenby@inbox.invalid', 'Aldric.Quenby@inbox.invalid', ' aldric.quenby@inbox.invalid '],
  },
  {
    ...of(ALDRIC), kind: 'evm', stored: ALDRIC_EVM,
    pasted: [
      `ethereum:${ALDRIC_EVM}@1?value=1e18`, `eip155:1:${ALDRIC_EVM}`, ALDRIC_EVM.toLowerCase(), ALDRIC_EVM,
    ],
  },
  {
    ...of(ALDRIC), kind: 'btc', stored: ALDRIC_BTC,
    pasted: [`bitcoin:${ALDRIC_BTC}?amount=0.05`, ALDRIC_BTC.toUpperCase(), ALDRIC_BTC],
  },
  {
    ...of(COINHAVEN), kind: 'domain', stored: 'https://coinhaven.example',
    pasted: ['coinhaven.example', 'www.coinhaven.example', 'https://coinhaven.example/airdrop?ref=tg#claim'],
  },
  {
    ...of(COINHAVEN), kind: 'telegram', stored: '@coinhaven_official',
    pasted: ['t.me/coinhaven_official', 'telegram.me/coinhaven_official', 'coinhaven_official'],
  },
  {
    ...of(COINHAVEN), kind: 'phone', stored: '+1 (843) 555-0117',
    pasted: ['+18435550117', '+1 843-555-0117', 'tel:+1-843-555-0117', '+1 (843) 555-0117'],
  },
  {
    ...of(COINHAVEN), kind: 'email', stored: 'support@coinhaven.example',
    pasted: ['mailto:support@coinhaven.example?subject=Refund', 'SUPPORT@coinhaven.example'],
  },
  {
    ...of(COINHAVEN), kind: 'evm', stored: COINHAVEN_EVM,
    pasted: [checksumAddress(COINHAVEN_EVM), `ethereum:${COINHAVEN_EVM}`, '0x' + COINHAVEN_EVM.slice(2).toUpperCase()],
  },
  {
    ...of(COINHAVEN), kind: 'btc', stored: COINHAVEN_BTC,
    pasted: [`bitcoin:${COINHAVEN_BTC}?amount=0.05&label=CoinHaven`],
  },
  {
    ...of(COINHAVEN), kind: 'ltc', stored: COINHAVEN_LTC,
    pasted: [`litecoin:${COINHAVEN_LTC}?amount=2`, COINHAVEN_LTC],
  },
  {
    ...of(COINHAVEN), kind: 'iban', stored: 'DE12 5001 0517 0648 4898 90',
    pasted: ['DE12500105170648489890', 'de12 5001 0517 0648 4898 90'],
  },
  {
    ...of(TAMSIN), kind: 'phone', stored: '+44 29 2018 0321',
    pasted: ['+442920180321', '0044 29 2018 0321', '+44 (0)29 2018 0321', 'tel:+44-29-2018-0321'],
  },
  {
    ...of(TAMSIN), kind: 'telegram', stored: '@tamsin_otc_desk',
    pasted: ['https://t.me/tamsin_otc_desk', 'tamsin_otc_desk'],
  },
  {
    ...of(TAMSIN), kind: 'evm', stored: TAMSIN_EVM,
    pasted: [`eip155:1:${TAMSIN_EVM.toLowerCase()}`, TAMSIN_EVM.toLowerCase()],
  },
  {
    ...of(TAMSIN), kind: 'ltc', stored: TAMSIN_LTC,
    pasted: [TAMSIN_LTC.toUpperCase(), `litecoin:${TAMSIN_LTC}`],
  },
  {
    ...of(TAMSIN), kind: 'btc', stored: TAMSIN_BTC,
    pasted: [`bitcoin:${TAMSIN_BTC}?amount=0.05`, TAMSIN_BTC],
  },
  {
    ...of(TAMSIN), kind: 'bank_account', stored: 'ACCT-29938799',
    pasted: ['ACCT-29938799', 'acct 2993 8799'],
  },
];

export const DEMO_LOOKALIKES: readonly DemoLookalike[] = [
  { pasted: 'c0inhaven.example', kind: 'domain', listed: 'https://coinhaven.example', ...of(COINHAVEN), reason: 'confusable' },
  { pasted: 'https://coinhaven.test/claim', kind: 'domain', listed: 'https://coinhaven.example', ...of(COINHAVEN), reason: 'same_name' },
  { pasted: 'www.coinhavn.example', kind: 'domain', listed: 'https://coinhaven.example', ...of(COINHAVEN), reason: 'edit_distance' },
  { pasted: '@coinhaven_offical', kind: 'telegram', listed: '@coinhaven_official', ...of(COINHAVEN), reason: 'edit_distance' },
  { pasted: 't.me/aldric_web3O2', kind: 'telegram', listed: '@aldric_web302', ...of(ALDRIC), reason: 'confusable' },
  { pasted: 'aldric_web303', kind: 'telegram', listed: '@aldric_web302', ...of(ALDRIC), reason: 'edit_distance' },
  // a name in mixed scripts: Latin with a Cyrillic 'а' (U+0430)
  { pasted: 'CoinH\u0430ven', kind: 'name', listed: 'CoinHaven', ...of(COINHAVEN), reason: 'confusable' },
];

export const DEMO_MISSES: readonly DemoMiss[] = [
  { pasted: '+61 491 570 169', kind: 'phone', near: '+61 (0)491 570 159' },
  { pasted: '+1 (843) 555-0118', kind: 'phone', near: '+1 (843) 555-0117' },
  { pasted: '0x42d2f4d64ac9f123a7789eb68db85f1adccc0d95', kind: 'evm', near: ALDRIC_EVM },
  { pasted: 'bc1qzfh7e2r33jf7rqglpxz3d3mjff4enuxs3m08n6', kind: 'btc', near: ALDRIC_BTC }, // its checksum fails too
];
