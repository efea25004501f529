// docs/design.md#outbox: every visitor write is stored here first, as one entry per user action
// with a client-made UUID, and only then sent. Replaying an entry is a sequence of the
// documented calls of product.md#calls, each with `Idempotency-Key: <uuid>:<step>`; the answer of every
// accepted call is saved at once, so after a crash the replay resumes at the next step, and a
// step whose answer was lost is replayed under the same key and answered from the server's
// record (server/http/write.ts) instead of being written twice.
//
// What happens to an entry:
//   pending  --flush-->  sending  --all steps accepted-->  deleted, its receipts kept (sent.ts; a quiet notice)
//                          |--no answer, 5xx, 429-->  pending, attempts + 1, later (backoffMs),
//                          |     with why (failure): offline, server unreachable, server problem
//                          `--any other 4xx-->  rejected with the server's message: kept,
//                               listed, editable (updateAction), resendable, discardable
// A rejected entry is never dropped by the code; only discard(), which the person chooses.
// What an action sends, and the line it shows, is the catalogue's (outbox-actions.ts): this
// module stores and replays entries and knows nothing of the features that queue them.
import { liveQuery } from 'dexie';
import { refreshCsrf } from '../api/csrf';
import { ApiError, apiJson } from '../api/http';
import { localDb, type RegistryDb } from './db';
import { withWebLock } from './locks';
import { describeAction, planCall, type PlannedCall } from './outbox-actions';
import type { OutboxAction, OutboxEntry, OutboxFailure } from './outbox-types';
import { receiptsOf } from './sent';
import { setStatus } from '../state/status';

export const OUTBOX_LOCK = 'bustr-outbox';
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** an avatar of 200 KB takes a while on a slow phone connection; a retry is safe (idempotent) */
const REQUEST_TIMEOUT_MS = 60_000;
/** a guard against a busy loop if something stays due right after a flush */
const MIN_RESCHEDULE_MS = 1_000;
/** setTimeout's largest delay */
const MAX_TIMER_MS = 2 ** 31 - 1;
export const SUBMIT_WAIT_MS = 8_000;

// ---------------------------------------------------------------------------------------------
// Back-off

/**
 * Exponential back-off with full jitter (a uniform wait up to 2 s, 4 s, 8 s … capped at
 * 5 minutes), never shorter than the server's Retry-After.
 */
export function backoffMs(attempts: number, retryAfterMs: number | null, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.max(Math.floor(random() * ceiling), retryAfterMs ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Storing

function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; getRandomValues everywhere (RFC 9562 version 4)
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function store(action: OutboxAction, db: RegistryDb): Promise<OutboxEntry> {
  const now = Date.now();
  const entry: OutboxEntry = {
    id: uuid(), action, label: describeAction(action), state: 'pending',
    createdAt: now, updatedAt: now, attempts: 0, nextAttemptAt: now, lastError: null, failure: null, results: [],
  };
  await db.outbox.add(entry);
  await refreshOutboxCounts(db);
  return entry;
}

/** Stores the action (nothing is sent before it is on disk), then starts a flush. */
export async function enqueue(action: OutboxAction, db: RegistryDb = localDb): Promise<OutboxEntry> {
  const entry = await store(action, db);
  void flushOutbox(db);
  return entry;
}

/**
 * Why a submitted action waits (docs/design.md#messages): one of the failures of a try
 * (OutboxFailure), or 'slow' when its first try had no outcome within the wait (still sending).
 */
export type WaitReason = OutboxFailure | 'slow';

export type SubmitResult =
  | { outcome: 'sent'; entry: OutboxEntry }
  /**
   * saved and not sent yet: `reason` says why, `nextAttemptAt` when it is tried again (null when
   * that waits for the network), `message` what the last try met (the server's words), if anything
   */
  | { outcome: 'queued'; entry: OutboxEntry; reason: WaitReason; nextAttemptAt: number | null; message: string | null }
  | { outcome: 'rejected'; entry: OutboxEntry; message: string };

type ReplayOutcome =
  | { kind: 'sent' }
  /** `others`: the server as a whole could not take it (serverWide), so the entries after it would fail the same way */
  | { kind: 'retry'; failure: OutboxFailure; message: string; nextAttemptAt: number; others: boolean }
  | { kind: 'rejected'; message: string };

/** What a form says of an entry still pending, from what its last try met. */
function queued(entry: OutboxEntry, fallback: WaitReason): SubmitResult {
  const reason: WaitReason = entry.failure ?? fallback;
  return {
    outcome: 'queued', entry, reason,
    // offline, the next try is when the network returns, whatever the back-off says
    nextAttemptAt: reason === 'offline' || reason === 'slow' ? null : entry.nextAttemptAt,
    message: reason === 'server' || reason === 'unreachable' ? entry.lastError : null,
  };
}

/** How a retryable error reads: no connection while the device says it is offline, no connection while online, or the server's problem. */
function failureOf(error: ApiError): OutboxFailure {
  if (!error.noConnection) return 'server';
  return navigator.onLine === false ? 'offline' : 'unreachable';
}

/** Someone (a form) waits for the first replay of these entries. */
const waiters = new Map<string, (outcome: ReplayOutcome) => void>();

/**
 * What a form calls (docs/design.md#messages): stores the action, then waits up to `waitMs` for
 * its first replay. 'sent' → the spec's success text; 'queued' → saved, with why it waits
 * (offline: "will be sent when you are back online"; the server unreachable or failing: when it
 * is tried again); 'rejected' → the spec's failure text, with the server's reason apart.
 */
export async function submitAction(
  action: OutboxAction,
  { waitMs = SUBMIT_WAIT_MS, db = localDb }: { waitMs?: number; db?: RegistryDb } = {},
): Promise<SubmitResult> {
  const entry = await store(action, db);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const replayed = new Promise<ReplayOutcome | null>((resolve) => {
    waiters.set(entry.id, resolve);
    timer = setTimeout(() => resolve(null), navigator.onLine === false ? 0 : waitMs);
  });
  void flushOutbox(db);
  const outcome = await replayed;
  clearTimeout(timer);
  waiters.delete(entry.id);

  if (outcome?.kind === 'sent') return { outcome: 'sent', entry };
  if (outcome?.kind === 'retry') {
    const stored = (await db.outbox.get(entry.id)) ?? { ...entry, failure: outcome.failure, nextAttemptAt: outcome.nextAttemptAt, lastError: outcome.message };
    return queued(stored, outcome.failure);
  }
  if (outcome?.kind === 'rejected') {
    return { outcome: 'rejected', entry: (await db.outbox.get(entry.id)) ?? entry, message: outcome.message };
  }
  // no word in time (offline, a slow server, or another tab sent it): what the database says now
  const now = await db.outbox.get(entry.id);
  if (!now) return { outcome: 'sent', entry };
  if (now.state === 'rejected') return { outcome: 'rejected', entry: now, message: now.lastError ?? '' };
  return queued(now, navigator.onLine === false ? 'offline' : 'slow');
}

// ---------------------------------------------------------------------------------------------
// Replaying

export interface FlushOptions {
  /** send pending entries now, whatever their back-off says (the connection just came back) */
  ignoreBackoff?: boolean;
}

interface FlushRun {
  again: boolean;
  ignoreBackoff: boolean;
  done: Promise<void>;
}

/** The flush running in this tab, per database; a call during it asks for one more round. */
const flushes = new Map<string, FlushRun>();
const flushedListeners = new Map<string, Set<() => void>>();

/**
 * Sends the entries that are due, oldest first, under the Web Lock 'bustr-outbox' (one tab at
 * a time; the others queue behind it). Never rejects: outcomes are written to the entries.
 */
export function flushOutbox(db: RegistryDb = localDb, options: FlushOptions = {}): Promise<void> {
  const current = flushes.get(db.name);
  if (current) {
    current.again = true;
    current.ignoreBackoff ||= Boolean(options.ignoreBackoff);
    return current.done;
  }
  const run: FlushRun = { again: true, ignoreBackoff: Boolean(options.ignoreBackoff), done: Promise.resolve() };
  run.done = (async () => {
    try {
      while (run.again) {
        run.again = false;
        const ignoreBackoff = run.ignoreBackoff;
        run.ignoreBackoff = false;
        try {
          await withWebLock(OUTBOX_LOCK, 'wait', () => flushOnce(db, ignoreBackoff));
        } catch (error) {
          console.error('[outbox] flush failed', error); // IndexedDB trouble; the entries stay as they are
        }
      }
    } finally {
      flushes.delete(db.name);
      for (const listener of flushedListeners.get(db.name) ?? []) listener();
    }
  })();
  flushes.set(db.name, run);
  return run.done;
}

async function flushOnce(db: RegistryDb, ignoreBackoff: boolean): Promise<void> {
  // under the lock no one else is sending: a 'sending' entry was cut off (a crash, a closed tab)
  await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
  if (navigator.onLine === false) {
    await refreshOutboxCounts(db);
    return; // the 'online' event flushes again
  }
  const now = Date.now();
  const due = (await db.outbox.where('state').equals('pending').toArray())
    .filter((e) => ignoreBackoff || e.nextAttemptAt <= now)
    .sort((a, b) => a.createdAt - b.createdAt);
  if (due.length === 0) {
    await refreshOutboxCounts(db);
    return;
  }
  // sign-in rotates the token, and a cleared cookie would fail every call; a failure here
  // (offline) shows again on the first call, which handles it
  await refreshCsrf().catch(() => undefined);

  for (let i = 0; i < due.length; i++) {
    const entry = await claim(db, due[i]!.id);
    if (!entry) continue;
    const outcome = await replay(db, entry);
    await refreshOutboxCounts(db);
    const waiter = waiters.get(entry.id);
    // a form that waits says it itself; otherwise a quiet notice (docs/design.md#messages)
    if (waiter) waiter(outcome);
    else if (outcome.kind === 'sent') setStatus({ notice: `Sent: ${entry.label}.` });
    else if (outcome.kind === 'rejected') setStatus({ notice: `Not accepted: ${entry.label}. The reason is in your pending list.` });

    if (outcome.kind === 'retry' && outcome.others) {
      // they wait as long as this one, keeping their own attempts
      const later = due.slice(i + 1).map((e) => e.id);
      await db.outbox.where('id').anyOf(later).and((e) => e.state === 'pending' && e.nextAttemptAt < outcome.nextAttemptAt)
        .modify({ nextAttemptAt: outcome.nextAttemptAt });
      break;
    }
  }
}

/**
 * A failure that is the server's as a whole, not this entry's: no answer, too many writes from
 * this network (429), or a server that says it cannot write now or is not there behind its proxy
 * (502-504). The entries after it wait as long rather than each meeting it in turn; a 500 or a
 * time-out (408) may be this entry's own, so the next ones are still tried.
 */
const serverWide = (error: ApiError) => error.status === 0 || error.status === 429 || (error.status >= 502 && error.status <= 504);
const isRetryable = (error: ApiError) => error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
const isCsrfFailure = (error: ApiError) => error.status === 403 && error.message.startsWith('CSRF check failed');

async function callWithTimeout<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await fn(controller.signal);
  } catch (error) {
    // an answer that never came in time is the server's problem, not the network's (docs/design.md#messages)
    if ((error as { name?: string })?.name === 'AbortError') throw new ApiError(0, 'The server took too long to answer.');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Marks the entry 'sending', unless it was edited, discarded or sent since the list was read. */
async function claim(db: RegistryDb, id: string): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state !== 'pending') return null;
    const claimed: OutboxEntry = { ...entry, state: 'sending', updatedAt: Date.now() };
    await db.outbox.put(claimed);
    return claimed;
  });
}

async function replay(db: RegistryDb, entry: OutboxEntry): Promise<ReplayOutcome> {
  let results = entry.results;
  let attempts = entry.attempts;
  let csrfRefreshed = false;
  for (;;) {
    let call: PlannedCall | null;
    try {
      call = planCall(entry.action, results);
    } catch (error) {
      return reject(db, entry.id, error instanceof Error ? error.message : String(error));
    }
    if (!call) {
      // "What I sent" keeps its receipts in the same transaction: the device never forgets a sent entry
      const receipts = receiptsOf(entry.id, entry.action, results, Date.now());
      await db.transaction('rw', db.outbox, db.sent, async () => {
        await db.sent.bulkPut(receipts);
        await db.outbox.delete(entry.id);
      });
      return { kind: 'sent' };
    }
    const step = results.length + 1;
    const { method, path, json } = call;
    try {
      const answer = await callWithTimeout((signal) => apiJson<unknown>(path, { method, json, idempotencyKey: `${entry.id}:${step}`, signal }));
      results = [...results, answer];
      attempts = 0;
      // saved before the next step: a crash from here on resumes at step + 1
      await db.outbox.update(entry.id, { results, attempts: 0, lastError: null, failure: null, updatedAt: Date.now() });
    } catch (caught) {
      const error = caught instanceof ApiError ? caught : new ApiError(0, caught instanceof Error ? caught.message : String(caught));
      if (isCsrfFailure(error) && !csrfRefreshed) {
        // the token changed under us (a sign-in in another tab): fetch it and try this step once more
        csrfRefreshed = true;
        await refreshCsrf().catch(() => undefined);
        continue;
      }
      if (isRetryable(error)) {
        attempts += 1;
        const nextAttemptAt = Date.now() + backoffMs(attempts, error.retryAfterMs);
        const failure = failureOf(error);
        await db.outbox.update(entry.id, { state: 'pending', attempts, nextAttemptAt, lastError: error.message, failure, updatedAt: Date.now() });
        return { kind: 'retry', failure, message: error.message, nextAttemptAt, others: serverWide(error) };
      }
      return reject(db, entry.id, error.message);
    }
  }
}

async function reject(db: RegistryDb, id: string, message: string): Promise<ReplayOutcome> {
  await db.outbox.update(id, { state: 'rejected', lastError: message, failure: null, updatedAt: Date.now() });
  return { kind: 'rejected', message };
}

// ---------------------------------------------------------------------------------------------
// What the person does with an entry

class EntryBusyError extends Error {
  constructor() {
    super('This item is being sent right now; try again in a moment.');
    this.name = 'EntryBusyError';
  }
}

/** Send again now (a rejected entry after a fix elsewhere, or a pending one without waiting). */
export async function resend(id: string, db: RegistryDb = localDb): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry) throw new Error('That item is no longer in the outbox.');
    if (entry.state === 'sending') return; // already on its way
    await db.outbox.update(id, { state: 'pending', attempts: 0, nextAttemptAt: Date.now(), lastError: null, failure: null, updatedAt: Date.now() });
  });
  await refreshOutboxCounts(db);
  await flushOutbox(db);
}

/** The person gives up on an entry: the only way one leaves the outbox unsent. */
export async function discard(id: string, db: RegistryDb = localDb): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (entry?.state === 'sending') throw new EntryBusyError();
    await db.outbox.delete(id);
  });
  await refreshOutboxCounts(db);
}

/**
 * Replaces an entry's action after the person edited it; it becomes pending again (send it
 * with resend(), or it goes with the next flush). Rule: the answers of calls already accepted
 * are kept, since those calls happened — so an edited report whose profile was created adds
 * its incidents to that same profile, and a change to the profile's own fields after step 1
 * does not reach the server (the UI should offer only what is still to be sent).
 */
export async function updateAction(id: string, action: OutboxAction, db: RegistryDb = localDb): Promise<OutboxEntry> {
  const updated = await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry) throw new Error('That item is no longer in the outbox.');
    if (entry.state === 'sending') throw new EntryBusyError();
    const next: OutboxEntry = {
      ...entry, action, label: describeAction(action), state: 'pending', attempts: 0,
      nextAttemptAt: Date.now(), lastError: null, failure: null, updatedAt: Date.now(),
    };
    await db.outbox.put(next);
    return next;
  });
  await refreshOutboxCounts(db);
  return updated;
}

async function countOutbox(db: RegistryDb): Promise<{ pendingCount: number; rejectedCount: number }> {
  const [pendingCount, rejectedCount] = await Promise.all([
    db.outbox.where('state').anyOf('pending', 'sending').count(),
    db.outbox.where('state').equals('rejected').count(),
  ]);
  return { pendingCount, rejectedCount };
}

/** pendingCount (pending and sending) and rejectedCount in the status store. */
export async function refreshOutboxCounts(db: RegistryDb = localDb): Promise<void> {
  setStatus(await countOutbox(db));
}

/**
 * Flushes at start, when the connection returns, and when the earliest back-off ends; keeps
 * the counts current, also for what other tabs do. Returns a stop function.
 */
export function startOutbox(db: RegistryDb = localDb): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const schedule = async () => {
    clear();
    if (stopped || navigator.onLine === false) return;
    const pending = await db.outbox.where('state').equals('pending').toArray();
    if (stopped || pending.length === 0) return;
    const next = Math.min(...pending.map((e) => e.nextAttemptAt));
    const delay = Math.min(MAX_TIMER_MS, Math.max(MIN_RESCHEDULE_MS, next - Date.now()));
    clear();
    timer = setTimeout(() => void flushOutbox(db), delay);
  };
  const onFlushed = () => void schedule().catch(() => undefined);
  const onOnline = () => void flushOutbox(db, { ignoreBackoff: true });

  let listeners = flushedListeners.get(db.name);
  if (!listeners) flushedListeners.set(db.name, (listeners = new Set()));
  listeners.add(onFlushed);
  window.addEventListener('online', onOnline);
  const counts = liveQuery(() => countOutbox(db)).subscribe({ next: (c) => setStatus(c), error: () => undefined });
  void flushOutbox(db);

  return () => {
    stopped = true;
    clear();
    listeners.delete(onFlushed);
    window.removeEventListener('online', onOnline);
    counts.unsubscribe();
  };
}
