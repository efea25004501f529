// product.md#screens-admin ("Admin panel") at /adminpanel/: rendered only after the guard call succeeds; any
// refusal sends the person to / (history replaced). Staff work needs the network, so with no
// connection the panel says so and offers Try again instead: a lost connection is not a refusal.
// One list of cards combines the five pending lists, oldest first.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatCount, plural } from '../../ui/format';
import {
  checkGuard, FIRST_PAGE, filterFromSearch, LIST_NAMES, LOGIN_AGAIN_PATH, loadAdminPage, PANEL_PAGE_SIZE, postBulkReject, sinceOf,
  type Cursors, type LoadedLists, type PanelFilter, type SubmittedRange,
} from './admin-api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { ModerationAction } from './actions';
import type { AdminCard } from './cards';
import { KIND_OF_SLUG, SLUG_ORDER } from './kind-label';
import { ReasonField } from './ReasonField';
import { RequestCard } from './RequestCard';
import { RequestDetailsModal } from './RequestDetailsModal';
import './admin.css';

type Access = 'checking' | 'offline' | 'granted';

export const OFFLINE_TEXT = 'The admin panel needs a connection to the server.';

export function AdminPanelPage() {
  const navigate = useNavigate();
  const [access, setAccess] = useState<Access>('checking');
  const [attempt, setAttempt] = useState(0);
  // a 401 after the guard passed: the session ended, so sign in again and come back
  const signInAgain = useCallback(() => void navigate(LOGIN_AGAIN_PATH), [navigate]);

  // the guard (product.md#roles, product.md#calls): again on Try again, and by itself when the connection returns
  useEffect(() => {
    const controller = new AbortController();
    checkGuard(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (result === 'refused') void navigate('/', { replace: true });
      else setAccess(result);
    }, () => undefined /* aborted: the page went away */);
    return () => controller.abort();
  }, [attempt, navigate]);

  const tryAgain = useCallback(() => {
    setAccess('checking');
    setAttempt((n) => n + 1);
  }, []);

  // (a layout effect: listening from the moment the offline page is on screen, so a connection
  // that returns right then is not missed, as a CI run beside other work once did)
  useLayoutEffect(() => {
    if (access !== 'offline') return;
    window.addEventListener('online', tryAgain);
    return () => window.removeEventListener('online', tryAgain);
  }, [access, tryAgain]);

  if (access === 'checking') {
    return (
      <section className="page admin-page" aria-busy="true">
        <p className="admin-muted" role="status">Checking access…</p>
      </section>
    );
  }

  if (access === 'offline') {
    return (
      <section className="page admin-page admin-offline">
        <h1>Admin Panel</h1>
        <p role="alert" className="admin-offline__text">
          {OFFLINE_TEXT} You seem to be offline, or the server cannot be reached. Decisions go straight to the
          server and are never saved for later. The panel tries again by itself when you are back online.
        </p>
        <button type="button" className="button" onClick={tryAgain}>Try again</button>
      </section>
    );
  }

  return <Panel onSessionExpired={signInAgain} />;
}

// `page`: the page these cards are, so the pager never names a page still loading
type ListsState = { status: 'loading' } | ({ status: 'loaded'; page: number } & LoadedLists);

const RANGE_LABELS: Record<SubmittedRange | '', string> = { '': 'Any time', day: 'In the last day', week: 'In the last 7 days', month: 'In the last 30 days' };

function Panel({ onSessionExpired }: { onSessionExpired(): void }) {
  const [search, setSearch] = useSearchParams();
  const filter = filterFromSearch(search);
  const filterKey = `${filter.kind ?? ''}|${filter.submitted ?? ''}`;
  // decision 028: a page is where each queue starts; the pages before it, for Previous
  const [pages, setPages] = useState<{ key: string; filter: PanelFilter; since: string | undefined; stack: Cursors[] }>(
    () => ({ key: filterKey, filter, since: sinceOf(filter.submitted), stack: [FIRST_PAGE] }),
  );
  // a new filter starts at its first page, with the range measured from now
  if (pages.key !== filterKey) setPages({ key: filterKey, filter, since: sinceOf(filter.submitted), stack: [FIRST_PAGE] });
  const cursors = pages.stack[pages.stack.length - 1]!;
  const depth = pages.stack.length;
  const [state, setState] = useState<ListsState>({ status: 'loading' });
  const [reloading, setReloading] = useState(true);
  const [selected, setSelected] = useState<AdminCard | null>(null);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusNotice, setFocusNotice] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const controller = useRef<AbortController | null>(null);
  // docs/design.md#moderation: cards picked for a bulk rejection, by key
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const [bulkReason, setBulkReason] = useState('');
  const [bulkBusy, setBulkBusy] = useState(false);

  const load = useCallback((): Promise<void> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    return loadAdminPage(pages.filter, cursors, pages.since, current.signal).then((loaded) => {
      if (current.signal.aborted) return;
      setReloading(false);
      if (loaded.sessionExpired) onSessionExpired();
      // the last cards of a later page were decided: show the page before it rather than nothing
      else if (!loaded.cards.length && depth > 1 && !Object.keys(loaded.problems).length) setPages((p) => ({ ...p, stack: p.stack.slice(0, -1) }));
      else setState({ status: 'loaded', page: depth, ...loaded });
    }, () => undefined /* aborted: a newer load or the page going away took over */);
  }, [onSessionExpired, pages.filter, pages.since, cursors, depth]);

  useEffect(() => {
    void load();
    return () => controller.current?.abort();
  }, [load]);

  function reload() {
    setReloading(true);
    return load();
  }

  function viewDetails(card: AdminCard) {
    setNotice(null);
    setSelected(card);
    setOpen(true);
  }

  function closeDetails() {
    setOpen(false);
    setSelected(null);
  }

  async function moderated(action: ModerationAction) {
    // product.md#states: after success the list reloads, the modal closes and the selection clears
    closeDetails();
    setNotice(action.done);
    setFocusNotice(true);
    await reload();
  }

  // the card whose button had focus is gone once the list reloads: land on the notice, just
  // above the list, rather than at the top of the page
  useEffect(() => {
    if (!focusNotice || state.status !== 'loaded' || reloading) return;
    const active = document.activeElement;
    // issue 18: without scrolling, so a moderator working down the queue keeps their place
    if (!active || active === document.body || !active.isConnected) noticeRef.current?.focus({ preventScroll: true });
    const settle = requestAnimationFrame(() => setFocusNotice(false));
    return () => cancelAnimationFrame(settle);
  }, [focusNotice, state, reloading]);

  const cards = state.status === 'loaded' ? state.cards : [];
  const pickedCards = cards.filter((c) => picked.has(c.key));
  // issue 18: a new profile's modal lists its own reports awaiting review (those on this page)
  const related = selected && (selected.type === 'developer' || selected.type === 'project')
    ? cards.filter((c) => c.type === 'scam' && (selected.type === 'developer' ? c.scam.developer : c.scam.project) === selected.id)
    : [];

  function pick(card: AdminCard, on: boolean) {
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(card.key);
      else next.delete(card.key);
      return next;
    });
  }

  function narrow(change: Partial<PanelFilter>) {
    const next = { ...filter, ...change };
    const query = new URLSearchParams(search);
    for (const key of ['kind', 'submitted'] as const) {
      const value = next[key];
      if (value) query.set(key, value);
      else query.delete(key);
    }
    setPicked(new Set());
    setNotice(null);
    setReloading(true);
    setSearch(query);
  }

  function turnTo(stack: Cursors[]) {
    setPicked(new Set());
    setNotice(null);
    setReloading(true);
    setPages((current) => ({ ...current, stack }));
    listRef.current?.scrollIntoView?.({ block: 'start' });
  }

  async function rejectPicked(reason: string) {
    setBulkBusy(true);
    const outcome = await postBulkReject(pickedCards, reason).catch(() => ({ ok: false as const, sessionExpired: false, reason: 'No answer from the server.' }));
    setBulkBusy(false);
    if (!outcome.ok && outcome.sessionExpired) return onSessionExpired();
    setPicked(new Set());
    setBulkReason('');
    setNotice(outcome.ok
      ? `Rejected ${plural(outcome.rejected, 'request', 'requests')}.${outcome.skipped ? ` ${plural(outcome.skipped, 'was', 'were')} already decided.` : ''}`
      : `Reject selected failed: ${outcome.reason}`);
    setFocusNotice(true);
    await reload();
  }
  const problems = state.status === 'loaded' ? LIST_NAMES.flatMap((name) => state.problems[name] ?? []) : [];
  const counts = state.status === 'loaded' ? state.counts : null;
  // decision 028: the total is the server's, for what the filter lists, not the cards of this page
  const total = counts ? (filter.kind ? counts.kinds[filter.kind] ?? 0 : counts.total) : cards.length;
  const pageNumber = state.status === 'loaded' ? state.page : 1;
  const pageCount = Math.max(1, Math.ceil(total / PANEL_PAGE_SIZE));
  const first = (pageNumber - 1) * PANEL_PAGE_SIZE + 1;
  const chips = counts ? SLUG_ORDER.filter((kind) => (counts.kinds[kind] ?? 0) > 0 || kind === filter.kind) : [];
  const next = state.status === 'loaded' ? state.next : null;

  return (
    <section className="page admin-page">
      <header className="admin-head">
        <div>
          <h1>Admin Panel</h1>
          <p className="admin-subtitle">Manage case submissions, additional information and removal requests.</p>
        </div>
        <button type="button" className="button button--quiet button--small" onClick={() => void reload()} disabled={reloading}>
          {reloading && state.status === 'loaded' ? 'Refreshing…' : 'Refresh'}
        </button>
      </header>

      <p ref={noticeRef} tabIndex={-1} className={notice ? 'admin-notice' : 'visually-hidden'} role="status">
        {notice ?? ''}
      </p>

      {problems.length ? (
        <div className="admin-problems" role="alert">
          {problems.map((p) => <p key={p}>{p}</p>)}
          <button type="button" className="button button--secondary button--small" onClick={() => void reload()} disabled={reloading}>
            Try again
          </button>
        </div>
      ) : null}

      {state.status === 'loading' ? (
        <p className="admin-muted" role="status">Loading requests…</p>
      ) : (
        <>
          <div className="admin-summary" ref={listRef}>
            <p className="admin-summary__total">
              <strong>{plural(total, 'request', 'requests')}</strong> awaiting review
              {filter.kind ? <> of the kind {KIND_OF_SLUG[filter.kind]}</> : null}
              {filter.submitted ? <>, submitted {RANGE_LABELS[filter.submitted].toLowerCase()}</> : null}
              {total ? ', oldest first' : ''}
            </p>
            {chips.length ? (
              <ul className="admin-summary__kinds" aria-label="Requests by kind">
                {chips.map((kind) => (
                  <li key={kind}>
                    <button
                      type="button"
                      className="admin-chip"
                      aria-pressed={filter.kind === kind}
                      title={filter.kind === kind ? 'Show every kind again' : `Show only ${KIND_OF_SLUG[kind]}`}
                      onClick={() => narrow({ kind: filter.kind === kind ? null : kind })}
                    >
                      {KIND_OF_SLUG[kind]} <strong>{formatCount(counts?.kinds[kind] ?? 0)}</strong>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <label className="admin-range">
              <span>Submitted</span>
              <select
                value={filter.submitted ?? ''}
                onChange={(event) => narrow({ submitted: (event.target.value || null) as SubmittedRange | null })}
              >
                {(Object.keys(RANGE_LABELS) as (SubmittedRange | '')[]).map((range) => (
                  <option key={range} value={range}>{RANGE_LABELS[range]}</option>
                ))}
              </select>
            </label>
          </div>
          {pickedCards.length ? (
            <div className="admin-bulk" role="group" aria-label="Selected requests">
              <p><strong>{plural(pickedCards.length, 'request', 'requests')}</strong> selected</p>
              <button type="button" className="button button--quiet button--small" onClick={() => setPicked(new Set())}>Clear</button>
              <button type="button" className="button button--danger button--small" disabled={bulkBusy} onClick={() => setConfirmingBulk(true)}>
                {bulkBusy ? 'Rejecting…' : 'Reject selected'}
              </button>
            </div>
          ) : null}
          {cards.length ? (
            <ul className="admin-list" aria-label="Requests awaiting review" aria-busy={reloading || undefined}>
              {cards.map((card) => (
                <li key={card.key}>
                  <RequestCard card={card} onViewDetails={viewDetails} selected={picked.has(card.key)} onSelect={pick} />
                </li>
              ))}
            </ul>
          ) : problems.length ? null : (
            <p className="admin-empty">
              {filter.kind || filter.submitted
                ? 'Nothing of this kind or date is waiting for review.'
                : 'Nothing is waiting for review. New submissions appear here.'}
            </p>
          )}
          {pageNumber > 1 || next ? (
            <nav className="admin-pager" aria-label="Pages of requests">
              <p className="admin-pager__where" aria-live="polite">
                Page {formatCount(pageNumber)} of {formatCount(pageCount)}
                {cards.length ? (
                  <span className="admin-muted"> · requests {formatCount(first)}–{formatCount(first + cards.length - 1)} of {formatCount(total)}</span>
                ) : null}
              </p>
              <div className="admin-pager__buttons">
                <button type="button" className="button button--quiet button--small" disabled={pageNumber === 1 || reloading} onClick={() => turnTo([FIRST_PAGE])}>
                  First page
                </button>
                <button type="button" className="button button--secondary button--small" disabled={pageNumber === 1 || reloading} onClick={() => turnTo(pages.stack.slice(0, -1))}>
                  Previous
                </button>
                <button type="button" className="button button--small" disabled={!next || reloading} onClick={() => next && turnTo([...pages.stack, next])}>
                  Next
                </button>
              </div>
            </nav>
          ) : null}
        </>
      )}

      <ConfirmDialog
        open={confirmingBulk}
        onOpenChange={(next) => { setConfirmingBulk(next); }}
        title={`Reject ${plural(pickedCards.length, 'request', 'requests')}?`}
        description="Each is rejected as with its own Reject button: nothing it asked for is published or changed. This cannot be undone from the panel."
        confirmLabel="Reject selected"
        cancelLabel="Go back"
        onConfirm={() => {
          setConfirmingBulk(false);
          void rejectPicked(bulkReason);
        }}
      >
        <ReasonField value={bulkReason} onChange={setBulkReason} />
      </ConfirmDialog>

      <RequestDetailsModal
        card={selected}
        open={open}
        onOpenChange={(next) => { if (!next) closeDetails(); else setOpen(true); }}
        onModerated={(_card, action) => void moderated(action)}
        onSessionExpired={onSessionExpired}
        canOpenCard={(key) => cards.some((c) => c.key === key)}
        related={related}
        onOpenCard={(key) => {
          const card = cards.find((c) => c.key === key);
          if (card) viewDetails(card);
        }}
      />
    </section>
  );
}

