export interface BankAccountPair { bank_name: string; account: string }

/**
 * product.md#entities/product.md#validation: bank names and accounts are paired by position; a pair where both sides are
 * empty is dropped. A shorter list pairs with ''.
 */
export function pairBankAccounts(bankNames: readonly string[], accounts: readonly string[]): BankAccountPair[] {
  const pairs: BankAccountPair[] = [];
  const length = Math.max(bankNames.length, accounts.length);
  for (let i = 0; i < length; i++) {
    const bank_name = (bankNames[i] ?? '').trim();
    const account = (accounts[i] ?? '').trim();
    if (bank_name || account) pairs.push({ bank_name, account });
  }
  return pairs;
}

/** product.md#entities: a 'name:account' string; the first colon splits, a string without one is an account. */
export function parseBankAccountString(entry: string): BankAccountPair {
  const at = entry.indexOf(':');
  if (at < 0) return { bank_name: '', account: entry.trim() };
  return { bank_name: entry.slice(0, at).trim(), account: entry.slice(at + 1).trim() };
}

/** product.md#screens (admin): shown as bank name, colon, account. */
export function formatBankAccount(pair: BankAccountPair): string {
  if (!pair.bank_name) return pair.account;
  if (!pair.account) return pair.bank_name;
  return `${pair.bank_name}: ${pair.account}`;
}
