// Profiles with fixed identifiers at fixed places of every seed, so that the demo shows every
// path of an identifier lookup (shared/identifiers/README.md): pasted forms that find a listed
// profile, lookalikes of listed domains, handles and names, and pending reports that share a
// wallet. lookups.ts lists what to paste. Every value here is valid for its kind, and no random
// value of generation.ts can equal one or pass for one (seed.test.ts checks both).
import type { Showcase } from './generation';

/** A verified profile of the seed, at `index` among the verified profiles (0-based). */
export interface ShowcaseProfile extends Showcase {
  index: number;
}

/** A developer whose identifiers are the ones people are handed in messages. */
export const ALDRIC: ShowcaseProfile = {
  index: 7,
  kind: 'developer',
  name: 'Aldric Quenby',
  nickname: 'Anon Dev',
  email: ['aldric.quenby@inbox.invalid'],
  phone: ['+61 (0)491 570 159'], // ACMA's fictitious mobile numbers
  telegram: ['@aldric_web302'],
  website: ['https://aldricquenby.example'],
  wallet_addresses: [
    '0x42D2F4D64ac9F123a7789Eb68dB85f1ADCcc0D94', // EIP-55 checksummed
    'bc1qzfh7e2r33jf7rqglpxz3d3mjff4enuxs3m08n5', // P2WPKH (bech32)
  ],
  bank_accounts: [],
};

/** A project with a site, a channel and wallets on three chains; lookups.ts names its lookalikes. */
export const COINHAVEN: ShowcaseProfile = {
  index: 8,
  kind: 'project',
  name: 'CoinHaven',
  nickname: '$HAVN',
  email: ['support@coinhaven.example'],
  phone: ['+1 (843) 555-0117'], // 555-01xx: reserved for fiction
  telegram: ['@coinhaven_official'],
  website: ['https://coinhaven.example'],
  wallet_addresses: [
    '0xa92741a4b1498a0a1e05a558a3b2fcc5a002c275', // all lower case, as explorers show it
    'bc1p53h9j3jpf964pwc3ljzwv0l9pspafys6uy8hyn6nd34nzynj4a7s9htu5j', // P2TR (bech32m)
    'LT4KnH1rQeZbTHBLm6BeeCrcwhjsAF61Xj', // Litecoin P2PKH
  ],
  bank_accounts: [{ bank_name: 'Testbank International', account: 'DE12 5001 0517 0648 4898 90' }],
};

/** A developer with a UK number, an account number that is not an IBAN, and legacy address forms. */
export const TAMSIN: ShowcaseProfile = {
  index: 9,
  kind: 'developer',
  name: 'Tamsin Achterberg',
  nickname: '',
  email: ['tamsin.achterberg@mail.example'],
  phone: ['+44 29 2018 0321'], // Ofcom's drama numbers (Cardiff)
  telegram: ['@tamsin_otc_desk'],
  website: [],
  wallet_addresses: [
    '0xDA6B75832dAaC0A3B2e1f8c94B3d8Fb9c3dA14b0',
    'ltc1q3ffy3vdhdednk3f6n0jz6u24kz7mzsx5tqusjf', // Litecoin P2WPKH
    '1Ba91yWADP5TqoBhWQmuqNfwK6qcPBeJQK', // Bitcoin P2PKH (base58check)
  ],
  bank_accounts: [{ bank_name: 'Mockingbird Bank', account: 'ACCT-29938799' }],
};

export const SHOWCASE_PROFILES: readonly ShowcaseProfile[] = [ALDRIC, COINHAVEN, TAMSIN];

/** Pending work that shares identifiers, for the admin panel (seeding.ts puts it in place). */
export const SHOWCASE_PENDING = {
  /** The first new (unverified) report lists this wallet, which ALDRIC holds checksummed, in lower case. */
  sharedWallet: ALDRIC.wallet_addresses[0]!.toLowerCase(),
  /**
   * A wallet no public profile holds, named by two pending incidents: the second new report's
   * first incident (checksummed) and the first incident added to a published profile (lower case).
   */
  reportedTwice: '0x269E18d5D10Cb521baBf7Dd74d20938184917425',
  /** The first new report of a project (the seventh): an impostor of COINHAVEN whose name has a Cyrillic 'а'. */
  impostor: {
    kind: 'project',
    name: 'CoinH\u0430ven',
    nickname: '',
    email: [],
    phone: [],
    telegram: ['@coinhaven_airdrop'],
    website: ['https://coinhaven-airdrop.example'],
    wallet_addresses: ['0xa4f3B7cbf82e02b6f338589eB6A6f9d6b6AD59c7'],
    bank_accounts: [],
  } satisfies Showcase,
} as const;
