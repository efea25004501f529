// The registry list at / (spec §2 "Registry page"), minimal for now: search, the Scammers /
// Projects toggle, cards and pages of REGISTRY_PAGE_SIZE. It reads the replica in IndexedDB
// (client/local), so it works the same offline, and reads again whenever a sync changed it.
// Filters, saved searches and the full card come with a later issue.
import { useEffect, useState, type ReactNode } from 'react';
import { FILTER_DEBOUNCE_REGISTRY_MS, REGISTRY_PAGE_SIZE } from '../../../shared/constants';
import type { ProfileKind } from '../../../shared/contract/common';
import { queryProfiles, useRegistryVersion } from '../../local';
import { useStatus } from '../../local/status-store';
import { formatCount } from '../../ui/format';
import { useDebounced } from '../../ui/useDebounced';
import { ProfileCard, type CardProfile } from './ProfileCard';

interface RegistryPageProps {
  /** the Report Person / Report Project button, composed in by the app shell */
  reportAction?: (kind: ProfileKind) => ReactNode;
}

interface Query {
  kind: ProfileKind;
  term: string;
  page: number;
  version: unknown;
}

interface Result {
  query: Query;
  total: number;
  profiles: CardProfile[];
}

const KINDS: { kind: ProfileKind; label: string; plural: string }[] = [
  { kind: 'developer', label: 'Scammers', plural: 'scammer' },
  { kind: 'project', label: 'Projects', plural: 'project' },
];

export function RegistryPage({ reportAction }: RegistryPageProps) {
  const [kind, setKind] = useState<ProfileKind>('developer');
  const [input, setInput] = useState('');
  const [page, setPage] = useState(0);
  const term = useDebounced(input.trim(), FILTER_DEBOUNCE_REGISTRY_MS);
  const version = useRegistryVersion();
  const [result, setResult] = useState<Result | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const query: Query = { kind, term, page, version };
    queryProfiles({ kind, term, offset: page * REGISTRY_PAGE_SIZE, limit: REGISTRY_PAGE_SIZE }).then(
      ({ total, profiles }) => {
        if (!current) return;
        setReadError(null);
        // a sync removed profiles and this page is now past the end: show the last one
        const lastPage = Math.max(0, Math.ceil(total / REGISTRY_PAGE_SIZE) - 1);
        if (page > lastPage) setPage(lastPage);
        else setResult({ query, total, profiles });
      },
      (error: unknown) => {
        if (current) setReadError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      current = false;
    };
  }, [kind, term, page, version]);

  function chooseKind(next: ProfileKind) {
    setKind(next);
    setPage(0);
  }

  function search(text: string) {
    setInput(text);
    setPage(0);
  }

  const noun = KINDS.find((k) => k.kind === kind)!.plural;

  return (
    <section className="registry" aria-labelledby="registry-title">
      <div className="registry-intro">
        <h1 id="registry-title">Reported crypto scammers and scam projects</h1>
        <p className="demo-note">This registry is for demonstration only and not real cases.</p>
      </div>

      <div className="registry-controls">
        <div className="field registry-search">
          <label htmlFor="registry-search">Search the registry</label>
          <input
            id="registry-search"
            type="search"
            value={input}
            placeholder="Name, wallet, website, Telegram…"
            autoComplete="off"
            onChange={(e) => search(e.target.value)}
          />
        </div>
        <div className="registry-toolbar">
          <div className="segmented" role="group" aria-label="Show">
            {KINDS.map((k) => (
              <button
                key={k.kind}
                type="button"
                aria-pressed={kind === k.kind}
                className={kind === k.kind ? 'segment segment-on' : 'segment'}
                onClick={() => chooseKind(k.kind)}
              >
                {k.label}
              </button>
            ))}
          </div>
          {reportAction?.(kind)}
        </div>
      </div>

      {readError ? (
        <p role="alert" className="registry-empty">
          Could not read the registry on this device: {readError}
        </p>
      ) : (
        <RegistryResults result={result} term={term} noun={noun} onClear={() => search('')} onPage={setPage} />
      )}
    </section>
  );
}

function RegistryResults({
  result, term, noun, onClear, onPage,
}: {
  result: Result | null;
  term: string;
  noun: string;
  onClear: () => void;
  onPage: (page: number) => void;
}) {
  const online = useStatus((s) => s.online);
  const lastSyncedAt = useStatus((s) => s.lastSyncedAt);
  const lastSyncError = useStatus((s) => s.lastSyncError);
  const firstSync = useStatus((s) => s.firstSync);

  if (result === null) return <Loading />;

  if (result.total === 0) {
    // an empty replica that has never been filled is not an empty registry
    const neverSynced = lastSyncedAt === null && !result.query.term;
    if (neverSynced && firstSync) return <Loading />;
    if (neverSynced && !online) {
      return (
        <p className="registry-empty">
          The registry has not been downloaded to this device yet. It will download when you are back online.
        </p>
      );
    }
    if (neverSynced && !lastSyncError) return <Loading />;
    return (
      <div className="registry-empty">
        <p>No {noun} profiles found matching your criteria</p>
        {term ? (
          <button type="button" className="button" onClick={onClear}>
            Clear Filters
          </button>
        ) : null}
      </div>
    );
  }

  const { page } = result.query;
  const pages = Math.ceil(result.total / REGISTRY_PAGE_SIZE);
  return (
    <>
      <p className="muted registry-count">
        {formatCount(result.total)} {result.total === 1 ? 'profile' : 'profiles'}
      </p>
      <ul className="profile-grid">
        {result.profiles.map((profile) => (
          <li key={profile.id}>
            <ProfileCard profile={profile} />
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="pagination" aria-label="Pages">
          <button type="button" className="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {formatCount(page + 1)} of {formatCount(pages)}
          </span>
          <button type="button" className="button" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </nav>
      ) : null}
    </>
  );
}

function Loading() {
  return (
    <p className="registry-empty muted" role="status">
      Loading profiles...
    </p>
  );
}
