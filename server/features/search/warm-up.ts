// A search thread's code made fast before people's searches come (issue 17, decisions 037, 042).
// V8 runs a function slowly until it has seen it run a while, then optimises it on a compiler
// thread of its own, which gets little time while every core answers searches. So once a
// thread's index is built and read ahead, it answers searches of the shapes people make (a name,
// the first letters of one a page further, a wallet, a first name with a scam type, a scam type
// alone, and every kind of identifier the registry lists, pasted), made from profiles of its own
// registry, and drops the answers: a step at a time, on the server's quiet time, as its other
// background work. Optimised code holds only for what it has seen: a search of a shape the
// warm-up never made (a Litecoin address, a call's objects in other hidden classes) throws it
// away at the first real search, and its next optimisation waits for a core (decision 042).
import type { Engine } from '../../db/engine/engine';
import type { ProfileKind } from '../../../shared/contract/common';
import { searchQuerySchema, type SearchCallQuery } from '../../../shared/contract/search';
import type { SearchCall } from './service';

/** Profiles the warm-up's searches are made from (~5 each, and their identifiers: ~2,200 searches, ~2 ms each while cold). */
export const WARM_UP_PROFILES = 400;
/** Searches answered per step of the warm-up (~20–40 ms of the thread while cold). */
export const WARM_UP_SEARCHES_PER_STEP = 20;

/** Pages of a scam type alone asked (a page past the end is answered as the last one). */
const SCAM_TYPE_PAGES = 10;
/**
 * Identifiers pasted per kind (a wallet of each chain, a domain, a phone…), as their profiles show
 * them: enough for a kind's forms (a Litecoin address legacy or bech32, a phone with or without
 * its country code).
 */
export const WARM_UP_IDENTIFIERS_PER_KIND = 40;

const firstOf = (list: string): string | undefined => {
  const values = JSON.parse(list) as unknown;
  return Array.isArray(values) && typeof values[0] === 'string' ? values[0] : undefined;
};

/**
 * The warm-up's searches, from the last `profiles` public profiles by id (the newest: people look
 * up recent cases most; and not the oldest, which the bench's load asks, so that what the bench
 * measures is never an answer the warm-up made ready; none is kept anyway).
 */
export async function warmUpCalls(engine: Engine, profiles = WARM_UP_PROFILES): Promise<SearchCall[]> {
  const rows = await engine.db.selectFrom('profiles').select(['id', 'kind', 'name', 'wallet_addresses', 'scam_type'])
    .where('verification_status', '=', 'verified').orderBy('id', 'desc').limit(profiles).execute();
  const page = (kind: ProfileKind, q: string, filters: SearchCallQuery['filters'] = {}, at = 1): SearchCall => ({ call: 'page', query: { kind, q, filters, page: at } });
  // the same profiles' identifiers of every kind, newest first, a few of each kind: first, so that
  // the terms the index keeps after the warm-up (its memo, the last used last) are names, which
  // people's searches share, not pasted values, which they rarely do
  const kindOf = new Map(rows.map(({ id, kind }) => [id, kind]));
  const identifiers = kindOf.size === 0 ? [] : await engine.db.selectFrom('profile_identifiers').select(['profile_id', 'kind', 'value'])
    .where('profile_id', 'in', [...kindOf.keys()]).orderBy('profile_id', 'desc').orderBy('kind').orderBy('canonical').execute();
  const calls: SearchCall[] = [];
  const pasted = new Map<string, number>();
  for (const { profile_id, kind, value } of identifiers) {
    const count = pasted.get(kind) ?? 0;
    // only what the route would take as a query (the route's own rule, not a copy of it)
    if (count >= WARM_UP_IDENTIFIERS_PER_KIND || !searchQuerySchema.shape.q.safeParse(value).success) continue;
    pasted.set(kind, count + 1);
    calls.push(page(kindOf.get(profile_id)!, value));
  }
  calls.push(...rows.flatMap(({ kind, name, wallet_addresses, scam_type }, i): SearchCall[] => {
    const wallet = firstOf(wallet_addresses);
    const type = firstOf(scam_type);
    return [
      page(kind, name),
      page(kind, name.slice(0, 3 + (i % 4)), {}, 1 + (i % 3)),
      ...(wallet ? [page(kind, wallet)] : []),
      ...(type ? [page(kind, name.split(' ')[0]!, { 'Scam Type': [type] }), page(kind, '', { 'Scam Type': [type] }, 1 + (i % SCAM_TYPE_PAGES))] : []),
    ];
  }));
  // in the shapes a call posted to the thread arrives in (postMessage's serializer, which
  // structuredClone shares). Made here as literals, a call, its filters and their lists each had
  // another hidden class than a posted call's: the code the warm-up optimised was thrown away at
  // the first real searches (queryIn, answerOf: "wrong map"), and under load its second
  // optimisation waited seconds for a core (decision 042)
  return structuredClone(calls);
}
