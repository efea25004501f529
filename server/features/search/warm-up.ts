// A search thread's code made fast before people's searches come (issue 17, decision 037).
// V8 runs a function slowly until it has seen it run a while, then optimises it on a compiler
// thread of its own, which gets little time while every core answers searches. So once a
// thread's index is built and read ahead, it answers searches of the shapes people make (a name,
// the first letters of one a page further, a wallet, a first name with a scam type, a scam type
// alone), made from profiles of its own registry, and drops the answers: a step at a time, on
// the server's quiet time, as its other background work. Measured, its effect is small (the
// first second of a load at 100k); the slower first seconds of the bench's load were its list's
// dearer calls, not a cold server (decision 037).
import type { Engine } from '../../db/engine/engine';
import type { SearchCallQuery } from '../../../shared/contract/search';
import type { SearchCall } from './service';

/** Profiles the warm-up's searches are made from (~5 each: ~2,000 searches, ~2 ms each while cold). */
export const WARM_UP_PROFILES = 400;
/** Searches answered per step of the warm-up (~20–40 ms of the thread while cold). */
export const WARM_UP_SEARCHES_PER_STEP = 20;

/** Pages of a scam type alone asked (a page past the end is answered as the last one). */
const SCAM_TYPE_PAGES = 10;

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
  const rows = await engine.db.selectFrom('profiles').select(['kind', 'name', 'wallet_addresses', 'scam_type'])
    .where('verification_status', '=', 'verified').orderBy('id', 'desc').limit(profiles).execute();
  return rows.flatMap(({ kind, name, wallet_addresses, scam_type }, i): SearchCall[] => {
    const wallet = firstOf(wallet_addresses);
    const type = firstOf(scam_type);
    const page = (q: string, filters: SearchCallQuery['filters'] = {}, at = 1): SearchCall => ({ call: 'page', query: { kind, q, filters, page: at } });
    return [
      page(name),
      page(name.slice(0, 3 + (i % 4)), {}, 1 + (i % 3)),
      ...(wallet ? [page(wallet)] : []),
      ...(type ? [page(name.split(' ')[0]!, { 'Scam Type': [type] }), page('', { 'Scam Type': [type] }, 1 + (i % SCAM_TYPE_PAGES))] : []),
    ];
  });
}
