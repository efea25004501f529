// product.md#screens-admin ("Admin panel"), edit request: changed fields carry friendly labels (Scam Types, IP
// Addresses, Bank Accounts, Companies Used, Company Addresses, Wallet Addresses, Occurred,
// Amount); any other field name is split into words and capitalised.

/** Keyed by the name with separators removed and lower-cased, so camelCase and snake_case agree. */
const FRIENDLY: Record<string, string> = {
  scamtypes: 'Scam Types',
  ipaddresses: 'IP Addresses',
  bankaccounts: 'Bank Accounts',
  companiesused: 'Companies Used',
  companyaddresses: 'Company Addresses',
  walletaddresses: 'Wallet Addresses',
  occurred: 'Occurred',
  amount: 'Amount',
};

const squash = (name: string) => name.replace(/[\s_-]+/g, '').toLowerCase();

/** 'scamTypes' -> 'Scam Types', 'nationality' -> 'Nationality', 'known_partners' -> 'Known Partners'. */
export function friendlyLabel(name: string): string {
  const known = FRIENDLY[squash(name)];
  if (known) return known;
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2') // camelCase
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2') // ABCWord
    .split(/[\s_-]+/)
    .filter(Boolean);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}
