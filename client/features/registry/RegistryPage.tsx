// The registry at / (product.md#screens-registry ("Registry page")): search, filters, saved searches, the Scammers /
// Projects toggle, the report button, the results grid and pagination. Everything is read from
// the replica (client/local), searched by the search worker's index with the spec's rules
// (shared/search/index, identical to shared/search/reference.ts), so it works the same offline and
// at 100,000 profiles: the page only ever holds the 20 profiles it shows. What the visitor is
// looking for lives in client/state/registry-query.ts, which other features read too.
// An identifier lookup (issue 16) says more than a list: a card found by an identifier says which
// (ProfileCard), a search that finds nothing here but in the other kind says where, a listed
// profile the query only looks like is a warning apart from the results, and a pasted identifier
// found nowhere says what was checked, that absence is no proof of safety, and offers a report.
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { FILTER_DEBOUNCE_REGISTRY_MS, REGISTRY_PAGE_SIZE } from '../../../shared/constants';
import type { ProfileKind } from '../../../shared/contract/common';
import type { IdentifierKind } from '../../../shared/identifiers';
import { hasActiveFilters } from '../../../shared/search/criteria';
import {
  awaitingFirstAnswer, getProfile, localDb, noteTyping, syncNow, useRegistrySearch, useReplicaState, type IdentifierMatch, type LocalProfile, type LookalikeWarning, type RegistryDb, type RegistrySearchState,
} from '../../local';
import { clearFilters, getRegistryQuery, setKind, setPage, setSearch, useRegistryQuery } from '../../state/registry-query';
import { useStatus } from '../../state/status';
import { formatCount } from '../../ui/format';
import { useDebounced } from '../../ui/useDebounced';
import { FilterBar } from './FilterBar';
import {
  KIND_LIST_NAMES, LOOKALIKE_REASONS, NOT_PROOF_TEXT, checkedKinds, checkedSentence, invalidLines, profileCount,
} from './identifier-text';
import { Pagination } from './Pagination';
import { ProfileCard } from './ProfileCard';
import { SavedSearches } from './SavedSearches';
import './registry.css';

export interface RegistryPageProps {
  /** View Profile on a card: the profile, its match score and the identifier that found it, for the profile dialog */
  onViewProfile(profile: LocalProfile, score: number, matched?: IdentifierMatch): void;
  /** the 'Report Person' / 'Report Project' button, composed in by the app shell */
  reportAction(kind: ProfileKind): ReactNode;
  /**
   * 'Report it' when a pasted identifier is listed nowhere: the report wizard opened with it
   * filled in (the app composes it; without it there is no button). The kind shown is the
   * registry query's (client/state/registry-query.ts).
   */
  onReportIdentifier?(kind: IdentifierKind, value: string): void;
  /** the replica to read; the app's own unless a test gives another */
  db?: RegistryDb;
}

const KINDS: readonly { kind: ProfileKind; label: string }[] = [
  { kind: 'developer', label: 'Scammers' },
  { kind: 'project', label: 'Projects' },
];

// product.md#screens (one text for both kinds, as the spec gives it)
export const EMPTY_TEXT = 'No scammer profiles found matching your criteria';
export const DEMO_NOTE = 'This registry is for demonstration only and not real cases.';
// docs/product.md#registry-states (issues 17 and 19): what the page says while the registry is
// not (all) on this device
export const LOAD_FAILED_TEXT = 'The registry could not be loaded.';
export const NETWORK_FAILED = 'The server could not be reached. Check your connection.';
export const PARTIAL_EMPTY_TEXT = 'Nothing matches in the part of the registry on this device.';
export const PARTIAL_NOT_PROOF_TEXT = 'The rest downloads when you are back online: until then, not finding a profile here does not mean it is not listed.';
/** the same, online: the server could not search just now (its search still starting) */
export const PARTIAL_NOT_PROOF_ONLINE_TEXT = 'The rest is still downloading: until then, not finding a profile here does not mean it is not listed.';

export function RegistryPage({ onViewProfile, reportAction, onReportIdentifier, db = localDb }: RegistryPageProps) {
  const kind = useRegistryQuery((s) => s.kind);
  const resultsTop = useRef<HTMLHeadingElement>(null);

  return (
    <section className="registry" aria-labelledby="registry-title">
      {/* issue 17: on a phone the search box is the first thing under the heading; the switch,
          the report button and the demonstration note follow it */}
      <div className="registry__intro">
        <h1 id="registry-title">Reported crypto scammers and scam projects</h1>
      </div>

      <div className="registry__search-row">
        <SearchBox />
        <SavedSearches />
      </div>

      <div className="registry__toolbar">
        <div className="registry__kinds" role="group" aria-label="Show">
          {KINDS.map((k) => (
            <button
              key={k.kind}
              type="button"
              aria-pressed={kind === k.kind}
              className={kind === k.kind ? 'registry__kind registry__kind--on' : 'registry__kind'}
              onClick={() => { if (kind !== k.kind) setKind(k.kind); }}
            >
              {k.label}
            </button>
          ))}
        </div>
        <div className="registry__report">{reportAction(kind)}</div>
      </div>

      <p className="registry__demo-note" role="note">{DEMO_NOTE}</p>

      {/* Keyed by kind: a new kind starts from 'Loading profiles...' instead of showing the
          other kind's cards until its profiles are read. */}
      <KindResults key={kind} kind={kind} db={db} onViewProfile={onViewProfile} onReportIdentifier={onReportIdentifier} resultsTop={resultsTop} />
    </section>
  );
}

/**
 * The search box. Typing updates the store once it pauses for FILTER_DEBOUNCE_REGISTRY_MS
 * (product.md#calls), Enter at once; a search set from elsewhere (a saved search, Clear Filters)
 * shows here too.
 */
function SearchBox() {
  const query = useRegistryQuery((s) => s.query);
  const [text, setText] = useState(query);
  const [seen, setSeen] = useState(query);
  const settled = useDebounced(text, FILTER_DEBOUNCE_REGISTRY_MS);

  // the store changed without us (saved search loaded, Clear Filters): show its query
  if (query !== seen) {
    setSeen(query);
    if (query !== settled) setText(query);
  }

  useEffect(() => {
    if (settled !== getRegistryQuery().query) setSearch(settled);
  }, [settled]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text !== getRegistryQuery().query) setSearch(text);
  }

  return (
    <form role="search" className="registry__search" onSubmit={submit}>
      <label htmlFor="registry-search" className="field-label">Search the registry</label>
      <input
        id="registry-search"
        className="text-input"
        type="search"
        value={text}
        placeholder="Name, wallet, website, Telegram, case ID…"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(e) => {
          noteTyping();
          setText(e.target.value);
        }}
      />
    </form>
  );
}

interface KindResultsProps {
  kind: ProfileKind;
  db: RegistryDb;
  onViewProfile: RegistryPageProps['onViewProfile'];
  onReportIdentifier: RegistryPageProps['onReportIdentifier'];
  resultsTop: RefObject<HTMLHeadingElement | null>;
}

function KindResults({ kind, db, onViewProfile, onReportIdentifier, resultsTop }: KindResultsProps) {
  const query = useRegistryQuery((s) => s.query);
  const filters = useRegistryQuery((s) => s.filters);
  const page = useRegistryQuery((s) => s.page);
  const results = useRegistrySearch({ kind, query, filters, page }, db);
  const online = useStatus((s) => s.online);
  const firstSync = useStatus((s) => s.firstSync);

  // issue 17: a first visit's download waits for this first answer on screen (or for this list
  // to go: another route, the other kind), so it never shares the line with it
  const firstAnswer = useRef<(() => void) | null>(null);
  useEffect(() => {
    const done = awaitingFirstAnswer();
    firstAnswer.current = done;
    return done;
  }, []);
  const answered = results.status !== 'loading';
  useEffect(() => {
    const done = firstAnswer.current;
    if (!answered || !done) return undefined;
    // after the frame that paints it
    const frame = requestAnimationFrame(() => setTimeout(done, 0));
    return () => cancelAnimationFrame(frame);
  }, [answered]);

  function retry() {
    results.retry();
    // a failed first download is asked again too (it never rejects: the status bar says how it went)
    if (online) void syncNow(db);
  }

  const pageCount = Math.max(1, Math.ceil(results.total / REGISTRY_PAGE_SIZE));
  const current = results.page;

  function goTo(next: number) {
    setPage(next);
    // product.md#states: scroll to the top on page change; focus follows, so keyboard and screen reader
    // users start reading the new page from its top too
    window.scrollTo({ top: 0 });
    resultsTop.current?.focus({ preventScroll: true });
  }

  let body: ReactNode;
  // docs/product.md#registry-states (issue 19): not loaded (or failed), loading, loaded are told
  // apart, and only a loaded answer (the server's, or a complete replica's) says "not found"
  const criteriaSet = criteria(query, filters);
  const heldNothing = results.partial && results.total === 0 && !criteriaSet;
  if (results.status === 'loading') {
    body = <p className="registry__message" role="status">Loading profiles...</p>;
  } else if (results.status === 'error') {
    body = <LoadFailed message={results.message} onRetry={retry} />;
  } else if (heldNothing && !online) {
    body = (
      <p className="registry__message" role="status">
        The registry has not been downloaded to this device yet. It will download when you are back online.
      </p>
    );
  } else if (heldNothing && firstSync !== null) {
    // online, the server could not search yet (its index still building after a start) and the
    // first page of the offline copy is still on its way: both answer in a moment
    body = <p className="registry__message" role="status">Loading profiles...</p>;
  } else if (heldNothing) {
    // online, and still no answer from the server: the replica answered in its place, empty
    body = <LoadFailed message={results.serverProblem ?? NETWORK_FAILED} onRetry={retry} />;
  } else if (results.partial && results.total === 0) {
    body = (
      <div className="registry__message registry__empty" role="status">
        <p>{PARTIAL_EMPTY_TEXT}</p>
        <p className="registry__not-proof">{online ? PARTIAL_NOT_PROOF_ONLINE_TEXT : PARTIAL_NOT_PROOF_TEXT}</p>
        {criteriaSet ? <button type="button" className="button button--secondary" onClick={clearFilters}>Clear Filters</button> : null}
      </div>
    );
  } else if (results.total === 0) {
    const elsewhere = results.otherKind && results.otherKind.total > 0 ? results.otherKind : null;
    const checked = checkedKinds(query, results.readings);
    // a case id is the registry's own: there is nothing to report about one
    const reportable = checked.find((k) => k !== 'case_id');
    body = (
      <div className="registry__message registry__empty">
        <p>{EMPTY_TEXT}</p>
        {elsewhere ? (
          <OtherKindPointer kind={elsewhere.kind} total={elsewhere.total} />
        ) : checked.length > 0 ? (
          <>
            <p className="registry__checked">{checkedSentence(checked)}</p>
            {invalidLines(query, results.readings).map((line) => (
              <p key={line} className="registry__invalid"><span aria-hidden="true">⚠ </span>{line}</p>
            ))}
            <p className="registry__not-proof">{NOT_PROOF_TEXT}</p>
            {onReportIdentifier && reportable ? (
              <button type="button" className="button button--accent" onClick={() => onReportIdentifier(reportable, query.trim())}>
                Report it
              </button>
            ) : null}
          </>
        ) : null}
        {criteria(query, filters) ? (
          <button type="button" className="button button--secondary" onClick={clearFilters}>Clear Filters</button>
        ) : null}
      </div>
    );
  } else {
    const elsewhere = results.otherKind && results.otherKind.total > 0 && checkedKinds(query, results.readings).length > 0 ? results.otherKind : null;
    body = (
      <>
        {elsewhere ? <OtherKindPointer kind={elsewhere.kind} total={elsewhere.total} also /> : null}
        <ul className="registry__grid">
          {results.items.map(({ profile, score, matched }) => (
            <li key={profile.id}>
              <ProfileCard profile={profile} score={score} matched={matched} onViewProfile={() => onViewProfile(profile, score, matched)} />
            </li>
          ))}
        </ul>
        <Pagination page={current} pageCount={pageCount} onPage={goTo} />
      </>
    );
  }

  const ready = results.status !== 'loading';
  return (
    <>
      <FilterBar kind={kind} db={db} />
      {/* busy until the list shown answers the search typed (the previous one stays meanwhile) */}
      <div className="registry__results" aria-busy={!ready || results.query !== query} data-query={results.query} data-source={results.source}>
        {/* where focus goes after a page change, so reading starts at the new page's top */}
        {/* and where the skip link leads (client/app/App.tsx) */}
        <h2 ref={resultsTop} id="results" data-skip-target tabIndex={-1} className="visually-hidden">Results</h2>
        <ReplicaNote results={results} db={db} />
        {ready && results.total > 0 ? (
          <p className="registry__count" aria-live="polite">
            <strong>{`${formatCount(results.total)} ${results.total === 1 ? 'profile' : 'profiles'}`}</strong>
            {pageCount > 1 ? <span className="registry__page-of">{` · Page ${formatCount(current)} of ${formatCount(pageCount)}`}</span> : null}
          </p>
        ) : null}
        {ready && results.lookalikes.length > 0 ? (
          <LookalikeWarnings query={query.trim()} lookalikes={results.lookalikes} db={db} onViewProfile={onViewProfile} />
        ) : null}
        {body}
      </div>
    </>
  );
}

const LOOKALIKE_WHAT: Readonly<Record<LookalikeWarning['as'], string>> = { domain: 'the website', telegram: 'the Telegram handle', name: 'the name' };

/** Where the same search lists profiles of the other kind, one click away. */
function OtherKindPointer({ kind, total, also = false }: { kind: ProfileKind; total: number; also?: boolean }) {
  const list = KIND_LIST_NAMES[kind];
  return (
    <p className="registry__elsewhere" role="status">
      <span>{`${also ? 'Also listed' : 'Listed'} under ${list}: ${profileCount(total)}`}</span>
      <button type="button" className="button button--small" onClick={() => setKind(kind)} aria-label={`Show ${list}`}>
        Show
      </button>
    </p>
  );
}

/**
 * Listed profiles the query only looks like (issue 16): a warning that names each and what it
 * looks like, with a way to open it. Never a result: the list below does not hold them.
 */
function LookalikeWarnings({ query, lookalikes, db, onViewProfile }: {
  query: string;
  lookalikes: readonly LookalikeWarning[];
  db: RegistryDb;
  onViewProfile: RegistryPageProps['onViewProfile'];
}) {
  const [opening, setOpening] = useState<number | null>(null);
  async function open(id: number) {
    setOpening(id);
    try {
      const profile = await getProfile(id, db);
      // it does not match the search: its score for it is 0
      if (profile) onViewProfile(profile, 0);
    } finally {
      setOpening(null);
    }
  }
  return (
    <section className="lookalikes" aria-labelledby="lookalikes-title">
      <h2 id="lookalikes-title" className="lookalikes__title">
        <span aria-hidden="true" className="lookalikes__icon">⚠</span> Careful: this looks like a listed profile
      </h2>
      <ul className="lookalikes__list">
        {lookalikes.map((hit) => (
          <li key={hit.id} className="lookalikes__item">
            <p className="lookalikes__text">
              <span className="lookalikes__query">{`“${query}”`}</span>{' looks like '}
              {/* a name is the profile's own: said once ("looks like the name of John Roe") */}
              {hit.as === 'name' ? null : <><span className="lookalikes__value">{hit.value}</span>{', '}</>}
              {`${LOOKALIKE_WHAT[hit.as]} of `}
              <strong>{hit.name}</strong>
              {`, listed under ${KIND_LIST_NAMES[hit.profileKind]}. It is not the same: ${LOOKALIKE_REASONS[hit.reason]}.`}
            </p>
            <button type="button" className="button button--small button--secondary" disabled={opening === hit.id} onClick={() => void open(hit.id)}>
              {`Open ${hit.name}`}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Is the visitor searching or filtering (so an empty list is theirs, not the registry's)? */
function criteria(query: string, filters: Parameters<typeof hasActiveFilters>[0]): boolean {
  return query.trim() !== '' || hasActiveFilters(filters);
}

/** A load that failed (docs/product.md#registry-states): says so, with the reason on its own line and a retry. */
function LoadFailed({ message, onRetry }: { message: string | undefined; onRetry(): void }) {
  return (
    <div className="registry__message registry__empty registry__failed" role="alert">
      <p>{LOAD_FAILED_TEXT}</p>
      {message ? <p className="registry__failed-detail">{message}</p> : null}
      <button type="button" className="button" onClick={onRetry}>Try again</button>
    </div>
  );
}

/** A whole percentage of a download, 99 at most until it is complete. */
function percent(done: number, total: number): number {
  return Math.min(99, Math.floor((done / total) * 100));
}

/**
 * What the page says while the registry is not all on this device (issue 17, docs/product.md#registry-states):
 * searching online while the offline copy downloads, with its progress; or, offline, how much of
 * the registry the answer covers.
 */
function ReplicaNote({ results, db }: { results: RegistrySearchState; db: RegistryDb }) {
  const replica = useReplicaState(db);
  const firstSync = useStatus((s) => s.firstSync);
  const online = useStatus((s) => s.online);
  if (!replica || (replica.complete && firstSync === null)) return null;
  const progress = firstSync && firstSync.total > 0 ? { held: firstSync.done, total: firstSync.total } : replica.fill;
  const share = progress && progress.total > 0 ? percent(progress.held, progress.total) : null;
  if (results.status === 'ready' && results.partial) {
    if (!progress || progress.held === 0) return null;
    return (
      <p className="registry__replica registry__replica--partial" role="status">
        {`${online ? 'The online search is starting: ' : 'Offline: '}${share === null
          ? `searching the ${formatCount(progress.held)} profiles on this device so far.`
          : `searching the ${share}% of the registry on this device (${formatCount(progress.held)} of ${formatCount(progress.total)} profiles).`}`}
      </p>
    );
  }
  if (results.source !== 'server' || firstSync === null || !online) return null;
  return (
    <p className="registry__replica" role="status">
      <span>Searching online while the offline copy downloads.</span>
      <span className="registry__replica-progress">
        <span>{share === null ? 'Offline copy: starting' : `Offline copy: ${share}%`}</span>
        {share === null
          ? <progress aria-label="Offline copy" />
          : <progress aria-label="Offline copy" max={100} value={share} />}
      </span>
    </p>
  );
}
