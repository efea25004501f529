// The app shell (sticky header, main area, footer) and the routes of spec §2. Features plug
// their pages in here; this is the only place that composes them (STYLE.md 2).
import { BrowserRouter, Link, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { RegistryPage } from '../features/registry';
import { ReportButton } from '../features/report';
import { Notice, PendingControl, StatusBar, StorageWarning, UpdateToast } from '../features/status';
import { applyUpdate } from './pwa';
import './app.css';

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** The route table without a router, so tests can render it inside a MemoryRouter. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<HomePage />} />
        <Route path="accounts/login" element={<LoginPage />} />
        <Route path="adminpanel" element={<AdminPanelPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function Shell() {
  return (
    <div className="shell">
      <header className="shell-header">
        {/* spec §2: the header logo links to the home page */}
        <Link to="/" className="brand">
          <img src="/static/logo.svg" alt="" width="32" height="32" />
          <span>Bustr</span>
        </Link>
        {/* on every page: network and sync state, and what still waits to be sent */}
        <StatusBar />
        <PendingControl />
      </header>
      <StorageWarning />
      <main className="shell-main">
        <Outlet />
      </main>
      <footer className="shell-footer">
        {/* spec §1: the registry is marked as a demonstration */}
        <p>For demonstration only — not real cases.</p>
      </footer>
      <div className="toasts">
        <Notice />
        <UpdateToast onReload={applyUpdate} />
      </div>
    </div>
  );
}

function HomePage() {
  return <RegistryPage reportAction={(kind) => <ReportButton kind={kind} />} />;
}

function LoginPage() {
  return (
    <section className="page">
      <h1>Sign in</h1>
      <p className="muted">Staff sign-in is coming soon.</p>
    </section>
  );
}

function AdminPanelPage() {
  return (
    <section className="page">
      <h1>Admin Panel</h1>
      <p className="muted">Moderation queues are coming soon.</p>
    </section>
  );
}

export function NotFoundPage() {
  const navigate = useNavigate();
  const location = useLocation();

  // spec §2: Go Back returns to the previous page. A tab opened straight on this URL has
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
        <button type="button" className="button" onClick={goBack}>
          Go Back
        </button>
        <Link to="/" className="button button-primary">
          Home
        </Link>
      </div>
    </section>
  );
}
