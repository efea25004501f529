// product.md#screens-admin ("Admin panel") at /adminpanel/: rendered only after the guard call succeeds; any
// refusal sends the person to / (history replaced). Staff work needs the network, so with no
// connection the panel says so and offers Try again instead: a lost connection is not a refusal.
// One list of cards combines the five pending lists, oldest first.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { plural } from '../../ui/format';
import { checkGuard, LIST_NAMES, LIST_SOURCES, LOGIN_AGAIN_PATH, loadAdminLists, postBulkReject, type LoadedLists } from './admin-api';
import { QUEUE_PAGE_MAX } from '../../../shared/constants';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { ModerationAction } from './actions';
import { countByKind, toCards, type AdminCard } from './cards';
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

  useEffect(() => {
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

type ListsState = { status: 'loading' } | ({ status: 'loaded' } & LoadedLists);

function Panel({ onSessionExpired }: { onSessionExpired(): void }) {
  const [state, setState] = useState<ListsState>({ status: 'loading' });
  const [reloading, setReloading] = useState(true);
  const [selected, setSelected] = useState<AdminCard | null>(null);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusNotice, setFocusNotice] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const controller = useRef<AbortController | null>(null);
  // docs/design.md#moderation: cards picked for a bulk rejection, by key
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);

  const load = useCallback((): Promise<void> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    return loadAdminLists(current.signal).then((loaded) => {
      if (current.signal.aborted) return;
      setReloading(false);
      if (loaded.sessionExpired) onSessionExpired();
      else setState({ status: 'loaded', ...loaded });
    }, () => undefined /* aborted: a newer load or the page going away took over */);
  }, [onSessionExpired]);

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

  const cards = state.status === 'loaded' ? toCards(state.lists) : [];
  const pickedCards = cards.filter((c) => picked.has(c.key));
  // issue 18: a new profile's modal lists its own reports awaiting review
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

  async function rejectPicked() {
    setBulkBusy(true);
    const outcome = await postBulkReject(pickedCards).catch(() => ({ ok: false as const, sessionExpired: false, reason: 'No answer from the server.' }));
    setBulkBusy(false);
    if (!outcome.ok && outcome.sessionExpired) return onSessionExpired();
    setPicked(new Set());
    setNotice(outcome.ok
      ? `Rejected ${plural(outcome.rejected, 'request', 'requests')}.${outcome.skipped ? ` ${plural(outcome.skipped, 'was', 'were')} already decided.` : ''}`
      : `Reject selected failed: ${outcome.reason}`);
    setFocusNotice(true);
    await reload();
  }
  const problems = state.status === 'loaded' ? LIST_NAMES.flatMap((name) => state.problems[name] ?? []) : [];
  const counts = countByKind(cards);

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
          <div className="admin-summary">
            <p className="admin-summary__total">
              <strong>{plural(cards.length, 'request', 'requests')}</strong> awaiting review{cards.length ? ', oldest first' : ''}
            </p>
            {counts.length ? (
              <ul className="admin-summary__kinds" aria-label="Requests by kind">
                {counts.map(({ kind, count }) => (
                  <li key={kind}>{kind} <strong>{count}</strong></li>
                ))}
              </ul>
            ) : null}
          </div>
          {state.more.length ? (
            <p className="admin-more" role="note">
              More are waiting. Shown are the oldest {QUEUE_PAGE_MAX} {state.more.map((name) => LIST_SOURCES[name].label).join(', ')};
              decide these, then press Refresh for the next.
            </p>
          ) : null}
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
            <ul className="admin-list" aria-label="Requests awaiting review">
              {cards.map((card) => (
                <li key={card.key}>
                  <RequestCard card={card} onViewDetails={viewDetails} selected={picked.has(card.key)} onSelect={pick} />
                </li>
              ))}
            </ul>
          ) : problems.length ? null : (
            <p className="admin-empty">Nothing is waiting for review. New submissions appear here.</p>
          )}
        </>
      )}

      <ConfirmDialog
        open={confirmingBulk}
        onOpenChange={setConfirmingBulk}
        title={`Reject ${plural(pickedCards.length, 'request', 'requests')}?`}
        description="Each is rejected as with its own Reject button: nothing it asked for is published or changed. This cannot be undone from the panel."
        confirmLabel="Reject selected"
        cancelLabel="Go back"
        onConfirm={() => {
          setConfirmingBulk(false);
          void rejectPicked();
        }}
      />

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
