// The panel's calls (product.md#calls): the guard, the five pending lists a page at a time, the count chips and the moderation POSTs.
// Staff work goes straight to the network, never through the outbox: a decision taken offline
// and sent later could act on a request that someone else already handled.
import { z } from 'zod';
import { staffProfileSchema } from '../../../shared/contract/profile';
import { BULK_REJECT_MAX, QUEUE_PAGE_DEFAULT } from '../../../shared/constants';
import { routes } from '../../../shared/contract/routes';
import { ApiError, apiFetch, apiJson } from '../../api/http';
import { compareCards, EMPTY_LISTS, toCards, type AdminCard, type AdminCardType, type AdminLists } from './cards';
import {
  ALL_QUEUE_KINDS, bulkRejectAnswerSchema, queueCountsSchema, queueOfKind, type QueueCounts, type QueueKind,
} from '../../../shared/contract/admin';

export const GUARD_PATH = routes.auth.adminGuard.path();
/** Where a person whose session ended while moderating signs in again (product.md#screens route, `next`). */
export const LOGIN_AGAIN_PATH = '/accounts/login/?next=/adminpanel/';

export type GuardResult = 'granted' | 'refused' | 'offline';

/**
 * product.md#roles/product.md#calls: GET /api/adminpanel/guard/ with Accept JSON; only the status is read. No answer
 * at all (offline, server unreachable) is not a refusal: the panel says it needs a connection.
 */
export async function checkGuard(signal?: AbortSignal): Promise<GuardResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  try {
    const res = await apiFetch(GUARD_PATH, signal ? { signal } : {});
    await res.body?.cancel().catch(() => undefined);
    return res.ok ? 'granted' : 'refused';
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return 'offline';
    throw error; // an abort
  }
}

const staffProfiles = z.union([
  z.array(staffProfileSchema),
  z.object({ results: z.array(staffProfileSchema) }).loose().transform((page) => page.results),
]);

/** docs/design.md#moderation (decision 028): the panel shows a page of this many cards, merged from the queues. */
export const PANEL_PAGE_SIZE = QUEUE_PAGE_DEFAULT;

/** The panel's filters (decision 028), kept in the address (?kind=, ?submitted=) so a reload keeps them. */
export const SUBMITTED_RANGES = { day: 1, week: 7, month: 30 } as const;
export type SubmittedRange = keyof typeof SUBMITTED_RANGES;
export interface PanelFilter { kind: QueueKind | null; submitted: SubmittedRange | null }

export function filterFromSearch(search: URLSearchParams): PanelFilter {
  const kind = search.get('kind');
  const submitted = search.get('submitted');
  return {
    kind: kind && (ALL_QUEUE_KINDS as string[]).includes(kind) ? kind as QueueKind : null,
    submitted: submitted && submitted in SUBMITTED_RANGES ? submitted as SubmittedRange : null,
  };
}

/** The moment a range starts, to the minute, so the pages of one visit ask for the same since. */
export function sinceOf(submitted: SubmittedRange | null, now = Date.now()): string | undefined {
  if (!submitted) return undefined;
  const start = now - SUBMITTED_RANGES[submitted] * 86_400_000;
  return new Date(start - (start % 60_000)).toISOString();
}

interface PageQuery { after: number; kind?: QueueKind; since?: string }

/**
 * product.md#calls' five pending lists, a page of each after an id, narrowed by kind and date (decision 028).
 * (`as never`: a kind reaches only the queue queueOfKind picked, which the route types cannot see.)
 */
export const LIST_SOURCES = {
  developers: {
    label: 'new scammers', schema: staffProfiles,
    path: (q: PageQuery) => routes.profiles.list.developer.path({ query: { is_verified: 'false', page_size: PANEL_PAGE_SIZE, ...q } as never }),
  },
  projects: {
    label: 'new projects', schema: staffProfiles,
    path: (q: PageQuery) => routes.profiles.list.project.path({ query: { is_verified: 'false', page_size: PANEL_PAGE_SIZE, ...q } as never }),
  },
  editRequests: {
    label: 'edit requests', schema: routes.editRequests.pending.answer,
    path: (q: PageQuery) => routes.editRequests.pending.path({ query: { limit: PANEL_PAGE_SIZE, ...q } as never }),
  },
  removalRequests: {
    label: 'removal requests', schema: routes.removalRequests.pending.answer,
    path: (q: PageQuery) => routes.removalRequests.pending.path({ query: { limit: PANEL_PAGE_SIZE, ...q } as never }),
  },
  pendingScams: {
    label: 'new scams', schema: routes.incidents.pending.answer,
    path: (q: PageQuery) => routes.incidents.pending.path({ query: { limit: PANEL_PAGE_SIZE, ...q } as never }),
  },
} as const;

export type ListName = keyof typeof LIST_SOURCES;
export const LIST_NAMES = Object.keys(LIST_SOURCES) as ListName[];

/** Where each queue's page starts: after this id (0: from the oldest). */
export type Cursors = Record<ListName, number>;
export const FIRST_PAGE: Cursors = { developers: 0, projects: 0, editRequests: 0, removalRequests: 0, pendingScams: 0 };

export interface LoadedLists {
  /** the cards of this page, oldest first */
  cards: AdminCard[];
  /** a readable problem per list that did not load; the others still show */
  problems: Partial<Record<ListName, string>>;
  /** some call answered 401: the session ended */
  sessionExpired: boolean;
  /** where the next page starts; null on the last page */
  next: Cursors | null;
  /** the count chips, for the date range; null when they did not load */
  counts: QueueCounts | null;
}

async function loadOne<N extends ListName>(name: N, query: PageQuery, signal?: AbortSignal): Promise<AdminLists[N]> {
  const source = LIST_SOURCES[name];
  const body = await apiJson<unknown>(source.path(query), signal ? { signal } : {});
  const parsed = source.schema.safeParse(body);
  if (!parsed.success) throw new Error('The answer could not be read.');
  return parsed.data as AdminLists[N];
}

/**
 * One page of the panel: a page of each queue the filter reads, after its cursor, merged oldest
 * first; the page takes the oldest PANEL_PAGE_SIZE, and each queue's next cursor is the last of
 * its items taken. A list that fails leaves the others usable.
 */
export async function loadAdminPage(filter: PanelFilter, cursors: Cursors, since: string | undefined, signal?: AbortSignal): Promise<LoadedLists> {
  const names = filter.kind ? [queueOfKind(filter.kind) as ListName] : LIST_NAMES;
  const narrow = { ...(filter.kind ? { kind: filter.kind } : {}), ...(since ? { since } : {}) };
  const countsPath = routes.moderation.counts.path({ query: since ? { since } : {} });
  const [settled, counts] = await Promise.all([
    Promise.allSettled(names.map((name) => loadOne(name, { after: cursors[name], ...narrow }, signal))),
    apiJson<unknown>(countsPath, signal ? { signal } : {}).then((body) => queueCountsSchema.safeParse(body).data ?? null, () => null),
  ]);
  const lists: AdminLists = { ...EMPTY_LISTS };
  const problems: LoadedLists['problems'] = {};
  let sessionExpired = false;
  const full = new Set<ListName>();
  settled.forEach((result, i) => {
    const name = names[i]!;
    if (result.status === 'fulfilled') {
      (lists as unknown as Record<ListName, unknown>)[name] = result.value;
      if (result.value.length >= PANEL_PAGE_SIZE) full.add(name);
      return;
    }
    const error = result.reason as unknown;
    if ((error as { name?: string })?.name === 'AbortError') throw error;
    if (error instanceof ApiError && error.status === 401) sessionExpired = true;
    const message = error instanceof Error && error.message ? error.message : 'Something went wrong.';
    problems[name] = `The ${LIST_SOURCES[name].label} could not be loaded. ${message}`;
  });
  const { cards, next } = mergePage(lists, cursors, full);
  return { cards, problems, sessionExpired, next, counts };
}

/**
 * The oldest PANEL_PAGE_SIZE cards of the lists (each oldest first, as the server sends it), taken
 * from the heads, so each list gives a prefix and its cursor moves past what was shown. A next page
 * exists when a list has cards left, or gave a whole page and so may have more on the server.
 */
export function mergePage(lists: AdminLists, cursors: Cursors, full: ReadonlySet<ListName>): { cards: AdminCard[]; next: Cursors | null } {
  const queues = LIST_NAMES.map((name) => toCards({ ...EMPTY_LISTS, [name]: lists[name] }));
  const heads = queues.map(() => 0);
  const cards: AdminCard[] = [];
  while (cards.length < PANEL_PAGE_SIZE) {
    let pick = -1;
    queues.forEach((queue, i) => {
      const head = queue[heads[i]!];
      if (head && (pick < 0 || compareCards(head, queues[pick]![heads[pick]!]!) < 0)) pick = i;
    });
    if (pick < 0) break;
    cards.push(queues[pick]![heads[pick]!]!);
    heads[pick]! += 1;
  }
  const next: Cursors = { ...cursors };
  let more = false;
  queues.forEach((queue, i) => {
    const name = LIST_NAMES[i]!;
    const taken = queue.slice(0, heads[i]);
    const last = taken[taken.length - 1];
    if (last?.id != null) next[name] = last.id;
    if (heads[i]! < queue.length || (full.has(name) && heads[i] === queue.length)) more = true;
  });
  return { cards, next: more ? next : null };
}

export type ModerationOutcome =
  | { ok: true }
  | { ok: false; sessionExpired: true }
  | { ok: false; sessionExpired: false; status: number; reason: string | null };

/**
 * product.md#calls: POST with no body. The Idempotency-Key makes pressing the button again after a lost
 * answer safe: the server replays its stored answer instead of refusing a second decision.
 */
export async function postModeration(path: string, idempotencyKey: string): Promise<ModerationOutcome> {
  try {
    await apiJson<unknown>(path, { method: 'POST', idempotencyKey });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) return { ok: false, sessionExpired: true };
    return { ok: false, sessionExpired: false, status: error.status, reason: error.message || null };
  }
}

/** A key the server accepts (8 to 200 of A-Z a-z 0-9 . _ : -), unique per decision attempt. */
export function newIdempotencyKey(prefix: string): string {
  const random = typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `admin:${prefix}:${random}`;
}

/** docs/design.md#moderation: each kind of card's bulk rejection (at most BULK_REJECT_MAX ids a call). */
const BULK_REJECT_PATHS: Record<AdminCardType, string> = {
  developer: routes.profiles.bulkReject.developer.path(),
  project: routes.profiles.bulkReject.project.path(),
  scam: routes.incidents.bulkReject.path(),
  edit: routes.editRequests.bulkReject.path(),
  removal: routes.removalRequests.bulkReject.path(),
};

export type BulkOutcome =
  | { ok: true; rejected: number; skipped: number }
  | { ok: false; sessionExpired: boolean; reason: string };

/**
 * Rejects the selected cards, one call per kind, with the moderator's reason (kept in the audit log);
 * stops at the first refusal (what went before stays rejected).
 */
export async function postBulkReject(cards: readonly AdminCard[], reason = ''): Promise<BulkOutcome> {
  const why = reason.trim();
  const byType = new Map<AdminCardType, number[]>();
  for (const card of cards) if (card.id !== null) byType.set(card.type, [...(byType.get(card.type) ?? []), card.id]);
  let rejected = 0;
  let skipped = 0;
  for (const [type, ids] of byType) {
    for (let i = 0; i < ids.length; i += BULK_REJECT_MAX) {
      try {
        const answer = bulkRejectAnswerSchema.parse(await apiJson<unknown>(BULK_REJECT_PATHS[type], {
          method: 'POST', json: { ids: ids.slice(i, i + BULK_REJECT_MAX), ...(why ? { reason: why } : {}) }, idempotencyKey: newIdempotencyKey(`bulk-${type}`),
        }));
        rejected += answer.rejected.length;
        skipped += answer.skipped.length;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return { ok: false, sessionExpired: error.status === 401, reason: error.message || `The server answered ${error.status}.` };
      }
    }
  }
  return { ok: true, rejected, skipped };
}

/**
 * One card refused with a reason (decision 028): the spec's reject call takes no body, so the
 * reason goes through the queue's bulk rejection with this one id, which keeps it in the audit log.
 * An item already decided comes back skipped: read as the 409 its own button would get.
 */
export async function postRejectWithReason(card: AdminCard, reason: string, idempotencyKey: string): Promise<ModerationOutcome> {
  try {
    const answer = bulkRejectAnswerSchema.parse(await apiJson<unknown>(BULK_REJECT_PATHS[card.type], {
      method: 'POST', json: { ids: [card.id], reason: reason.trim() }, idempotencyKey,
    }));
    const skipped = answer.skipped.find((s) => s.id === card.id);
    return skipped ? { ok: false, sessionExpired: false, status: 409, reason: skipped.reason } : { ok: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) return { ok: false, sessionExpired: true };
    return { ok: false, sessionExpired: false, status: error.status, reason: error.message || null };
  }
}
