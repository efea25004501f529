// Identifier lookup at registry scale (issue 16), beside the search figures of bench/search.ts:
// reading a pasted query as identifiers (shared/identifiers identify()), and looking pasted
// forms of listed identifiers up in the index (exact maps and lookalikes), p50 after a warm-up;
// what the search worker does ahead in its idle time (reading the identifier values, making the
// lookalikes); and a check that every pasted form finds the profile it was taken from.
import { identify } from '../shared/identifiers';
import type { Profile } from '../shared/contract/profile';
import { caseId } from '../shared/domain/case-id';
import type { SearchIndex } from '../shared/search/index/search-index';
import { BUDGETS } from './budgets';
import { figure, log, percentile, type Figure } from './figures';

const WARMUP = 20;
const ITERATIONS = 400;
/** profiles the pasted forms are taken from, at fixed places */
const SOURCES = 40;

/** Pasted forms of a profile's identifiers, as people receive them. */
function pastedForms(p: Profile): string[] {
  const forms: string[] = [caseId(p.id).toLowerCase()];
  const [phone] = p.phone;
  if (phone) forms.push(`tel:${phone.replace(/[\s()]+/g, '-').replace(/-+/g, '-')}`, phone.replace(/[^\d+]/g, ''));
  const [wallet] = p.walletAddresses;
  if (wallet) {
    if (wallet.startsWith('0x')) forms.push(`ethereum:${wallet}@1?value=1e18`);
    else forms.push(`${/^(?:[LM]|ltc1)/i.test(wallet) ? 'litecoin' : 'bitcoin'}:${wallet}?amount=0.05`);
  }
  const [handle] = p.telegram;
  if (handle) forms.push(`https://t.me/${handle.replace(/^@/, '')}/`);
  const [site] = p.website;
  if (site) forms.push(`http://www.${site.replace(/^https?:\/\/(?:www\.)?/, '')}/login?ref=ad`);
  const [email] = p.email;
  if (email) forms.push(`mailto:${email.toUpperCase()}?subject=Refund`);
  const [account] = p.bankAccounts;
  if (account) forms.push(account.account.toLowerCase());
  return forms;
}

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function samples<T>(inputs: readonly T[], run: (input: T) => void): number[] {
  for (let i = 0; i < WARMUP; i++) run(inputs[i % inputs.length]!);
  const out: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const input = inputs[i % inputs.length]!;
    out.push(timed(() => run(input)));
  }
  return out;
}

/** The figures, on an index built from `profiles` (before any lookup asked it anything). */
export function benchLookup(index: SearchIndex, profiles: readonly Profile[], label: string, withBudgets: boolean): Figure[] {
  const budget = <T>(b: T) => (withBudgets ? b : null);
  const figures: Figure[] = [];
  const sources = Array.from({ length: SOURCES }, (_, i) => profiles[(i * 7919 + 17) % profiles.length]!);
  const cases = sources.flatMap((p) => pastedForms(p).map((text) => ({ text, id: p.id })));
  log(`lookup ${label}: ${cases.length} pasted forms of ${SOURCES} profiles`);

  const canonicalise = samples(cases, ({ text }) => void identify(text));
  figures.push(figure('canonicalise a pasted query p50', percentile(canonicalise, 0.5), 'ms', budget(BUDGETS.canonicaliseP50Ms)));

  // what the worker does ahead once the index is idle (else the first lookups of a field do it)
  const ahead = timed(() => index.prepare());
  figures.push(figure(`identifier values read and lookalikes made ${label} (ahead, idle worker)`, ahead, 'ms'));

  let missed = 0;
  for (const { text, id } of cases) {
    if (!index.lookup(text).matches.some((m) => m.id === id)) {
      missed++;
      log(`MISSED ${JSON.stringify(text)}: profile ${id} not found`);
    }
  }
  const lookup = samples(cases, ({ text }) => void index.lookup(text));
  figures.push(figure(`identifier lookup ${label} p50 in the index`, percentile(lookup, 0.5), 'ms', budget(BUDGETS.identifierLookupP50Ms)));
  figures.push(figure(`identifier lookup ${label} p95 in the index`, percentile(lookup, 0.95), 'ms'));
  figures.push(figure(`identifier lookup ${label}: pasted forms that miss their profile`, missed, 'forms', BUDGETS.lookupMisses));
  return figures;
}
