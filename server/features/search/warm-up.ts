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
// The main thread's part of a search (its queue, the messages each way, the answer cache) is
// warmed after: warmUpMainThread, below (decision 044).
import type { IncomingMessage } from 'node:http';
import type { Engine } from '../../db/engine/engine';
import type { StepScheduler } from '../../http/quiet-time';
import type { ProfileKind } from '../../../shared/contract/common';
import { searchQuerySchema, type SearchCallQuery } from '../../../shared/contract/search';
import type { SearchAnswers } from './routes';
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

/**
 * Searches the main thread's warm-up asks (~5,000) and how many it keeps in flight at once (as
 * many as the bench's 50 connections). The threads' own warm-up leaves the main thread's part of
 * a search cold (its queue, the messages each way, the answer kept), and that part only warms
 * under many calls at once: after the threads' warm-up, five times longer, a load's first seconds
 * were as slow; after ~5,000 searches asked 50 at a time they were not (decision 044).
 */
export const MAIN_WARM_UP_PROFILES = 1_000;
export const MAIN_WARM_UP_IN_FLIGHT = 50;
/** Searches a step of the main thread's warm-up asks (~0.1 s of both threads). */
export const MAIN_WARM_UP_SEARCHES_PER_STEP = 200;

/** The query a call's page would have come as, in a URL's text (what the route parses; the device asks it so: client/local/search/online.ts). */
export function queryText(call: Extract<SearchCall, { call: 'page' }>): Record<string, string> {
  const { kind, q, filters, page } = call.query;
  return { kind, q, filters: JSON.stringify(filters), page: String(page) };
}

/**
 * Asks `calls` through `ask` (the route's own path to an answer: its query parsed, the answer
 * cache, a search thread), at most MAIN_WARM_UP_IN_FLIGHT at once, a step of
 * MAIN_WARM_UP_SEARCHES_PER_STEP at a time on `schedule` (the server's quiet time), and drops
 * the answers. A refusal (the threads busy or starting) ends it; `done` hears how many were
 * answered.
 */
export function warmUpThroughThreads(
  calls: readonly SearchCall[],
  ask: (call: SearchCall) => unknown,
  schedule: StepScheduler,
  done: (answered: number, error?: unknown) => void = () => {},
): void {
  let next = 0;
  let answered = 0;
  const step = async () => {
    const end = Math.min(calls.length, next + MAIN_WARM_UP_SEARCHES_PER_STEP);
    const worker = async () => {
      while (next < end) {
        await ask(calls[next++]!);
        answered++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAIN_WARM_UP_IN_FLIGHT, end - next) }, worker));
  };
  const run = () => {
    step().then(() => {
      if (next < calls.length) schedule(run);
      else done(answered);
    }, (error: unknown) => done(answered, error));
  };
  if (calls.length === 0) done(0);
  else schedule(run);
}

/** A request as the main thread's warm-up asks: only what an answer reads of one (the encodings it accepts). */
const WARM_UP_REQUEST = { headers: { 'accept-encoding': 'br, gzip' } } as IncomingMessage;

/**
 * The main thread's warm-up: the searches of the newest MAIN_WARM_UP_PROFILES public profiles
 * (warmUpCalls), each read from its text as the route reads a query and answered by `answers`
 * (the route's own: the answer cache, then a search thread), MAIN_WARM_UP_IN_FLIGHT at once, on
 * `schedule`. Only for a server with search threads: in one process the threads' warm-up is the
 * whole path.
 */
export function warmUpMainThread(engine: Engine, answers: SearchAnswers, schedule: StepScheduler, done: (answered: number, error?: unknown) => void = () => {}): void {
  warmUpCalls(engine, MAIN_WARM_UP_PROFILES).then((calls) => warmUpThroughThreads(calls, (call) => {
    const parsed = call.call === 'page' ? searchQuerySchema.safeParse(queryText(call)) : null;
    return parsed?.success ? answers({ call: 'page', query: parsed.data }, WARM_UP_REQUEST) : undefined;
  }, schedule, done), (error: unknown) => done(0, error));
}
