// product.md#constants filter categories: which values a profile has in each, so the server's
// filter-options and the client's filters classify alike (wallet kinds, IP ranges, …).
import type { Profile } from '../contract/profile';

export const FILTER_CATEGORIES = [
  'Industry', 'Scam Type', 'Location', 'Nationality', 'Languages', 'Company', 'Companies Used',
  'Accents', 'Crypto Wallets', 'Banks', 'IP Addresses', 'Telegram Handles',
] as const; // 'Project Price Range' is in the spec's list and ignored by it (product.md#constants)
export type FilterCategory = (typeof FILTER_CATEGORIES)[number];

/** product.md#constants: the categories the match score counts. */
export const SCORING_CATEGORIES: readonly FilterCategory[] = [
  'Industry', 'Scam Type', 'Location', 'Nationality', 'Languages', 'Companies Used', 'Banks',
];

export const REMOTE = 'Remote';

export const WALLET_KINDS = ['Ethereum', 'Bitcoin', 'Litecoin', 'Multiple', 'Unknown'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

/** A single address's chain by its prefix (product.md#constants); null when none fits. */
export function walletChain(address: string): 'Ethereum' | 'Bitcoin' | 'Litecoin' | null {
  const a = address.trim();
  if (/^0x/i.test(a)) return 'Ethereum';
  if (/^ltc1/i.test(a) || /^[LM]/.test(a)) return 'Litecoin';
  if (/^bc1/i.test(a) || /^[13]/.test(a)) return 'Bitcoin';
  return null;
}

/** The wallet options a profile matches: its chains, 'Multiple' with two or more chains, else 'Unknown'. */
export function walletKinds(addresses: readonly string[]): WalletKind[] {
  const chains = [...new Set(addresses.map(walletChain).filter((c): c is NonNullable<typeof c> => c !== null))];
  if (chains.length === 0) return ['Unknown'];
  return chains.length > 1 ? [...chains, 'Multiple'] : chains;
}

export const IP_RANGES = ['192.168.x.x', '203.x.x.x', '104.x.x.x', '10.x.x.x', '172.x.x.x'] as const;
export const IP_OPTIONS = [...IP_RANGES, 'Multiple IPs', 'VPN/Proxy', 'Unknown IP'] as const;
export type IpOption = (typeof IP_OPTIONS)[number];

export function ipRange(ip: string): (typeof IP_RANGES)[number] | null {
  const a = ip.trim();
  if (a.startsWith('192.168.')) return '192.168.x.x';
  return IP_RANGES.find((r) => r !== '192.168.x.x' && a.startsWith(r.slice(0, r.indexOf('.') + 1))) ?? null;
}

/** product.md#constants: ranges by prefix, 'Multiple IPs' with more than one address, 'Unknown IP' with none; VPN/Proxy never matches. */
export function ipOptions(addresses: readonly string[]): IpOption[] {
  if (addresses.length === 0) return ['Unknown IP'];
  const ranges = [...new Set(addresses.map(ipRange).filter((r): r is NonNullable<typeof r> => r !== null))];
  return addresses.length > 1 ? [...ranges, 'Multiple IPs'] : ranges;
}

export const TELEGRAM_OPTIONS = ['Personal', 'Business'] as const;

/** The values a profile has in a category (what its filter options are built from and matched against). */
export function facetValues(profile: Profile, category: FilterCategory): string[] {
  switch (category) {
    case 'Industry': return profile.industry;
    case 'Scam Type': return profile.scam_type;
    case 'Location': return [profile.location.trim() || REMOTE];
    case 'Nationality': return profile.nationality ? [profile.nationality] : [];
    case 'Languages': return profile.languages;
    case 'Company': return profile.company;
    case 'Companies Used': return profile.companiesUsed;
    case 'Accents': return profile.accent ? [profile.accent] : [];
    case 'Crypto Wallets': return walletKinds(profile.walletAddresses);
    case 'Banks': return [...new Set([...profile.bank, ...profile.bankAccounts.map((b) => b.bank_name).filter(Boolean)])];
    case 'IP Addresses': return ipOptions(profile.ipAddresses);
    // product.md#constants: Personal and Business both match any telegram handle
    case 'Telegram Handles': return profile.telegram.length > 0 ? [...TELEGRAM_OPTIONS] : [];
  }
}

/** Options a category offers: fixed lists for the classified ones, else the distinct values seen. */
export function fixedOptions(category: FilterCategory): readonly string[] | null {
  if (category === 'Crypto Wallets') return WALLET_KINDS;
  if (category === 'IP Addresses') return IP_OPTIONS;
  if (category === 'Telegram Handles') return TELEGRAM_OPTIONS;
  return null;
}
