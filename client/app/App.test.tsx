import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF, staffClient } from '../../server/test-support';
import { apiJson, resetHttpConfig } from '../api/http';
import { initialStatus, setStatus, useStatus } from '../state/status';
import { connectTo, startServer, type RunningServer } from '../local/test-support';
import { ANONYMOUS } from '../../shared/contract/auth';
import { incidentSchema } from '../../shared/contract/incident';
import { sampleProfile } from '../../shared/test-support';
import type { LocalProfile, RegistryDb } from '../local';
import { dropDb, freshDb, putReplicaProfiles } from '../local/test-support';
import { useRegistryQuery } from '../state/registry-query';
import { useCurrentUser } from '../state/current-user';
import { AppRoutes } from './App';
import { routes } from '../../shared/contract/routes';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
  await staffClient(server.t); // creates the staff user
});
afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  useStatus.setState({ ...initialStatus, online: true });
  useCurrentUser.setState({ status: 'unknown', user: ANONYMOUS });
  connectTo(server.url);
});
afterEach(() => resetHttpConfig());

function renderAt(...entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

describe('the 404 page', () => {
  it('when the path is unknown, then it says the page does not exist or has been moved', () => {
    renderAt('/no-such-page');

    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/does not exist or has been moved/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('when it renders, then Home links to /', () => {
    renderAt('/no-such-page');

    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('when Go Back is pressed, then the previous page shows again', async () => {
    renderAt('/accounts/login/', '/no-such-page');

    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));

    expect(await screen.findByRole('heading', { name: 'Authorized Users Only' })).toBeInTheDocument();
  });

  it('when there is no previous page, then Go Back goes home', async () => {
    renderAt('/no-such-page');

    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));

    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search the registry')).toBeInTheDocument();
  });
});

describe('the shell', () => {
  it('when any page renders, then the header logo links home and the demo note shows', () => {
    renderAt('/accounts/login/');

    expect(screen.getByRole('link', { name: 'Bustr' })).toHaveAttribute('href', '/');
    expect(screen.getByText('For demonstration only — not real cases.')).toBeInTheDocument();
  });

  it('when any page renders, then the header links to the statistics and the footer names the data\'s licence and the API', () => {
    renderAt('/accounts/login/');

    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Statistics' })).toHaveAttribute('href', '/stats');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/');
    expect(within(footer).getByRole('link', { name: 'API and exports' })).toHaveAttribute('href', '/api/docs/');
  });
});

describe('the login route', () => {
  it('when /accounts/login/ opens, then the login screen shows inside the shell', async () => {
    renderAt('/accounts/login/?next=/adminpanel/');

    // loaded on first use (issue 6: small initial JavaScript)
    expect(await screen.findByRole('heading', { level: 1, name: 'Authorized Users Only' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ACCESS SYSTEM' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});

describe('the admin route', () => {
  it('when a visitor opens /adminpanel/, then the guard sends them home', async () => {
    const db = freshDb(); // the home page it lands on reads a replica of its own, filled but empty
    setStatus({ lastSyncedAt: Date.now() });
    const { unmount } = render(
      <MemoryRouter initialEntries={['/adminpanel/']}>
        <AppRoutes db={db} />
      </MemoryRouter>,
    );

    expect(await screen.findByLabelText('Search the registry')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Panel' })).not.toBeInTheDocument();
    // its replica read has finished before the replica is deleted
    await screen.findByText('No scammer profiles found matching your criteria');
    unmount();
    await dropDb(db);
  });

  it('when staff open /adminpanel/, then the Admin Panel shows', async () => {
    await apiJson(routes.auth.currentUser.path());
    await apiJson(routes.auth.login.path(), { form: { username: STAFF.username, password: STAFF.password, next: '/' } });

    renderAt('/adminpanel/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
  });
});

describe('the status on every page', () => {
  it('when offline with a submission waiting, then the header shows Offline and 1 pending', () => {
    renderAt('/accounts/login/');

    act(() => setStatus({ online: false, pendingCount: 1 }));

    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Offline');
    expect(screen.getByRole('button', { name: '1 pending' })).toBeInTheDocument();
  });

  it('when a new version waits, then the update toast shows on any page', () => {
    renderAt('/adminpanel/');

    act(() => setStatus({ updateAvailable: true }));

    expect(screen.getByText('A new version is available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('the header', () => {
  it('when the app opens, then it looks the user up and offers a visitor Staff sign in', async () => {
    renderAt('/no-such-page');

    const link = await screen.findByRole('link', { name: 'Staff sign in' });

    expect(link).toHaveAttribute('href', `/accounts/login/?next=${encodeURIComponent('/no-such-page')}`);
    expect(screen.getByRole('banner')).toContainElement(link);
  });

  it('when staff open the app, then the header shows their user menu instead', async () => {
    await apiJson(routes.auth.currentUser.path());
    await apiJson(routes.auth.login.path(), { form: { username: STAFF.username, password: STAFF.password, next: '/' } });

    renderAt('/no-such-page');

    expect(await screen.findByRole('button', { name: new RegExp(STAFF.username) })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff sign in' })).not.toBeInTheDocument();
  });
});

describe('the home page', () => {
  let db: RegistryDb;
  const ada: LocalProfile = { ...sampleProfile({ id: 7, name: 'Ada Example', nickname: '' }), kind: 'developer', revision: 1 };

  beforeEach(async () => {
    setStatus({ lastSyncedAt: Date.now() }); // a replica that has been filled
    useRegistryQuery.setState({ kind: 'developer', query: '', filters: {}, page: 1 });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {}); // jsdom does not scroll
    db = freshDb();
    await putReplicaProfiles(db, [ada], {
      incidents: [{
        ...incidentSchema.parse({ id: 70, description: 'Took the presale money and vanished.', amount: 900, currency: 'USD', status: 'approved' }),
        profileId: ada.id,
      }],
    });
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await dropDb(db);
  });

  function renderHome() {
    return render(
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes db={db} />
      </MemoryRouter>,
    );
  }

  it('when View Profile is pressed, then the profile modal opens with that profile and its incidents', async () => {
    renderHome();

    await userEvent.click(await screen.findByRole('button', { name: /View Profile/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Ada Example' });
    expect(await within(dialog).findByText('Took the presale money and vanished.')).toBeInTheDocument();
  });

  it('when Report an Incident is pressed in the profile, then Add Scam opens for it on top, and closing it returns to the profile', async () => {
    renderHome();
    await userEvent.click(await screen.findByRole('button', { name: /View Profile/ }));
    const profile = await screen.findByRole('dialog', { name: 'Ada Example' });

    await userEvent.click(within(profile).getByRole('button', { name: 'Report an Incident' }));
    const add = await screen.findByRole('dialog', { name: 'Add Scam' });
    expect(add).toHaveTextContent('A scam by Ada Example');
    // (Escape goes to the top layer once it has taken focus: on a busy machine that is a moment after it shows)
    await waitFor(() => expect(add).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Scam' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Ada Example' })).toBeInTheDocument();
  });

  it('when Report Person is pressed, then the report wizard opens', async () => {
    renderHome();

    await userEvent.click(await screen.findByRole('button', { name: 'Report Person' }));

    expect(await screen.findByRole('dialog', { name: 'Report a person' })).toBeInTheDocument();
  });
});
