// The panel's calls (product.md#calls): the guard, the five pending lists and the moderation POSTs.
// Staff work goes straight to the network, never through the outbox: a decision taken offline
// and sent later could act on a request that someone else already handled.
import { z } from 'zod';
import type { ProfileKind } from '../../../shared/contract/common';
import { staffProfileSchema } from '../../../shared/contract/profile';
import { BULK_REJECT_MAX, PROFILE_FETCH_SIZE, QUEUE_PAGE_MAX } from '../../../shared/constants';
import { routes } from '../../../shared/contract/routes';
import { ApiError, apiFetch, apiJson } from '../../api/http';
import { EMPTY_LISTS, type AdminCard, type AdminCardType, type AdminLists } from './cards';
import { bulkRejectAnswerSchema } from '../../../shared/contract/admin';

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

/** The profiles of a kind awaiting review, all at once (docs/product.md#calls). */
const awaitingReview = (kind: ProfileKind) =>
  routes.profiles.list[kind].path({ query: { is_verified: 'false', page_size: PROFILE_FETCH_SIZE } });

/** product.md#screens: the moderation start page's five pending lists, with the paths of product.md#calls. */
export const LIST_SOURCES = {
  developers: { label: 'new scammers', path: awaitingReview('developer'), schema: staffProfiles },
  projects: { label: 'new projects', path: awaitingReview('project'), schema: staffProfiles },
  // docs/design.md#moderation: each queue answers a page, oldest first; the panel asks for the largest
  editRequests: {
    label: 'edit requests', path: routes.editRequests.pending.path({ query: { limit: QUEUE_PAGE_MAX } }), schema: routes.editRequests.pending.answer,
  },
  removalRequests: {
    label: 'removal requests', path: routes.removalRequests.pending.path({ query: { limit: QUEUE_PAGE_MAX } }),
    schema: routes.removalRequests.pending.answer,
  },
  pendingScams: { label: 'new scams', path: routes.incidents.pending.path({ query: { limit: QUEUE_PAGE_MAX } }), schema: routes.incidents.pending.answer },
} as const;

export type ListName = keyof typeof LIST_SOURCES;
export const LIST_NAMES = Object.keys(LIST_SOURCES) as ListName[];

export interface LoadedLists {
  lists: AdminLists;
  /** a readable problem per list that did not load; the others still show */
  problems: Partial<Record<ListName, string>>;
  /** some call answered 401: the session ended */
  sessionExpired: boolean;
  /** the lists that filled a whole page: more of them wait behind the oldest shown */
  more: ListName[];
}

async function loadOne<N extends ListName>(name: N, signal?: AbortSignal): Promise<AdminLists[N]> {
  const source = LIST_SOURCES[name];
  const body = await apiJson<unknown>(source.path, signal ? { signal } : {});
  const parsed = source.schema.safeParse(body);
  if (!parsed.success) throw new Error('The answer could not be read.');
  return parsed.data as AdminLists[N];
}

/** The five lists at once; one that fails leaves the others usable. */
export async function loadAdminLists(signal?: AbortSignal): Promise<LoadedLists> {
  const settled = await Promise.allSettled(LIST_NAMES.map((name) => loadOne(name, signal)));
  const lists: AdminLists = { ...EMPTY_LISTS };
  const problems: LoadedLists['problems'] = {};
  let sessionExpired = false;
  const more: ListName[] = [];
  settled.forEach((result, i) => {
    const name = LIST_NAMES[i]!;
    if (result.status === 'fulfilled') {
      (lists as unknown as Record<ListName, unknown>)[name] = result.value;
      if (result.value.length >= QUEUE_PAGE_MAX) more.push(name);
      return;
    }
    const error = result.reason as unknown;
    if ((error as { name?: string })?.name === 'AbortError') throw error;
    if (error instanceof ApiError && error.status === 401) sessionExpired = true;
    const message = error instanceof Error && error.message ? error.message : 'Something went wrong.';
    problems[name] = `The ${LIST_SOURCES[name].label} could not be loaded. ${message}`;
  });
  return { lists, problems, sessionExpired, more };
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

/** Rejects the selected cards, one call per kind; stops at the first refusal (what went before stays rejected). */
export async function postBulkReject(cards: readonly AdminCard[]): Promise<BulkOutcome> {
  const byType = new Map<AdminCardType, number[]>();
  for (const card of cards) if (card.id !== null) byType.set(card.type, [...(byType.get(card.type) ?? []), card.id]);
  let rejected = 0;
  let skipped = 0;
  for (const [type, ids] of byType) {
    for (let i = 0; i < ids.length; i += BULK_REJECT_MAX) {
      try {
        const answer = bulkRejectAnswerSchema.parse(await apiJson<unknown>(BULK_REJECT_PATHS[type], {
          method: 'POST', json: { ids: ids.slice(i, i + BULK_REJECT_MAX) }, idempotencyKey: newIdempotencyKey(`bulk-${type}`),
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
