// The app shell (sticky header, main area, footer) and the routes of product.md#screens. Features plug
// their pages in here; this is the only place that composes them (docs/style.md#s2).
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Link, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { UserMenu } from '../features/session';
import { Notice, OfflineDetailsSetting, PendingControl, StatusBar, StorageWarning, UpdateToast } from '../features/status';
import { localDb, type RegistryDb } from '../local';
import { useStatus } from '../state/status';
import { loadCurrentUser } from '../state/current-user';
import { DATA_LICENCE } from '../../shared/contract/open-data';
import { routes } from '../../shared/contract/routes';
import { SENT_PAGE_PATH } from '../../shared/contract/receipt';
import { HomePage } from './HomePage';
import { applyUpdate } from './pwa';
import './app.css';

// Initial JavaScript stays small (issue 6: ≤ 200 KB gzip): what the first screen does not need
// is loaded when it is first shown. The service worker precaches every chunk, so offline they
// load from its cache just the same.
const AdminPanelPage = lazy(() => import('../features/admin').then((m) => ({ default: m.AdminPanelPage })));
const LoginPage = lazy(() => import('../features/login').then((m) => ({ default: m.LoginPage })));
const StatsPage = lazy(() => import('../features/stats').then((m) => ({ default: m.StatsPage })));
const ReceiptPage = lazy(() => import('../features/receipts').then((m) => ({ default: m.ReceiptPage })));
const SentPage = lazy(() => import('../features/receipts').then((m) => ({ default: m.SentPage })));

/** A small stand-in while a lazily loaded part arrives. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="page-loading" role="status">
          Loading…
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

export interface AppRoutesProps {
  /** the replica the pages read; the app's own unless a test gives another */
  db?: RegistryDb;
}

/** The route table without a router, so tests can render it inside a MemoryRouter. */
export function AppRoutes({ db = localDb }: AppRoutesProps) {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<HomePage db={db} />} />
        <Route
          path="accounts/login"
          element={
            <Loading>
              <LoginPage />
            </Loading>
          }
        />
        <Route
          path="adminpanel"
          element={
            <Loading>
              <AdminPanelPage />
            </Loading>
          }
        />
        <Route
          path="stats"
          element={
            <Loading>
              <StatsPage db={db} />
            </Loading>
          }
        />
        <Route
          path="receipts/:token"
          element={
            <Loading>
              <ReceiptPage />
            </Loading>
          }
        />
        <Route
          path="sent"
          element={
            <Loading>
              <SentPage db={db} />
            </Loading>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function Shell() {
  // product.md#states: the current user is unknown until looked up (offline it reads as anonymous at
  // once), and is looked up again when the network comes back.
  const online = useStatus((s) => s.online);
  useEffect(() => {
    void loadCurrentUser();
  }, [online]);

  return (
    <div className="shell">
      <SkipLink />
      <header className="shell-header">
        {/* product.md#screens: the header logo links to the home page */}
        <Link to="/" className="brand">
          <img src="/static/logo.svg" alt="" width="32" height="32" />
          <span>Bustr</span>
        </Link>
        {/* issue 20: the registry in figures */}
        <Link to="/stats" className="shell-nav-link">
          <svg className="shell-nav-link__icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M3 17h14M5 15V9M10 15V4M15 15v-8" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" fill="none" />
          </svg>
          <span className="shell-nav-link__text">Statistics</span>
        </Link>
        {/* issue 20: what this device sent, with each one's status */}
        <Link to={SENT_PAGE_PATH} className="shell-nav-link">
          <svg className="shell-nav-link__icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M5 2.5h10v15l-2.5-1.5-2.5 1.5-2.5-1.5L5 17.5zM8 7h4M8 10.5h4" stroke="currentColor" strokeWidth="1.75" strokeLinejoin="round" strokeLinecap="round" fill="none" />
          </svg>
          <span className="shell-nav-link__text">What I sent</span>
        </Link>
        {/* on every page: network and sync state, and what still waits to be sent */}
        <StatusBar />
        <PendingControl />
        <UserMenu />
      </header>
      <StorageWarning />
      <main id="main" className="shell-main" tabIndex={-1} data-skip-target>
        <Outlet />
      </main>
      <footer className="shell-footer">
        {/* product.md#purpose: the registry is marked as a demonstration */}
        <p>For demonstration only — not real cases.</p>
        {/* issue 20: the data's licence, and where to take it */}
        <p>
          Registry data: <a href={DATA_LICENCE.url} rel="license">{DATA_LICENCE.name}</a> ·{' '}
          <a href={routes.openData.docs.path()}>API and exports</a>
        </p>
        {/* issue 17: what the offline copy keeps */}
        <OfflineDetailsSetting />
      </footer>
      <div className="toasts">
        <Notice />
        <UpdateToast onReload={applyUpdate} />
      </div>
    </div>
  );
}

/**
 * The first thing a keyboard reaches (issue 17): past the header to the results on the registry
 * (the results' heading, client/features/registry), to the page's content elsewhere. Shown only
 * while focused (app.css). Focus moves with it, so reading and tabbing go on from there.
 */
function SkipLink() {
  const { pathname } = useLocation();
  const home = pathname === '/';
  const target = home ? 'results' : 'main';
  return (
    <a
      className="skip-link"
      href={`#${target}`}
      onClick={(event) => {
        // no #fragment in the address: the registry's address is its search (registry-url.ts)
        const to = document.getElementById(target);
        if (!to) return;
        event.preventDefault();
        to.focus({ preventScroll: true });
        to.scrollIntoView({ block: 'start' });
      }}
    >
      {home ? 'Skip to results' : 'Skip to content'}
    </a>
  );
}

export function NotFoundPage() {
  const navigate = useNavigate();
  const location = useLocation();

  // product.md#screens: Go Back returns to the previous page. A tab opened straight on this URL has
  // none (react-router keys the first entry 'default'), so go home rather than do nothing.
  function goBack() {
    if (location.key !== 'default' || window.history.length > 1) void navigate(-1);
    else void navigate('/');
  }

  return (
    <section className="page not-found">
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has been moved.</p>
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={goBack}>
          Go Back
        </button>
        <Link to="/" className="button">
          Home
        </Link>
      </div>
    </section>
  );
}
