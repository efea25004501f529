// The address bar and the registry in step, through the app's routes in a
// memory router: what a link opens, what typing and opening a profile do to history, and Back.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffClient } from '../../server/test-support';
import { ANONYMOUS } from '../../shared/contract/auth';
import { sampleProfile } from '../../shared/test-support';
import { resetHttpConfig } from '../api/http';
import { LINKED_PROFILE_TEXT } from '../features/profile';
import type { LocalProfile, RegistryDb } from '../local';
import { connectTo, dropDb, freshDb, putReplicaProfiles, startServer, type RunningServer } from '../local/test-support';
import { useCurrentUser } from '../state/current-user';
import { useRegistryQuery } from '../state/registry-query';
import { initialStatus, setStatus, useStatus } from '../state/status';
import { AppRoutes } from './App';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
  await staffClient(server.t);
});
afterAll(async () => {
  await server.close();
});

const ada: LocalProfile = {
  ...sampleProfile({ id: 7, name: 'Ada Example', nickname: '', telegram: ['@ada_example7'] }), kind: 'developer', revision: 1,
};
const moon: LocalProfile = { ...sampleProfile({ id: 8, name: 'Moon Token', nickname: '', telegram: [] }), kind: 'project', revision: 1 };
let db: RegistryDb;

beforeEach(async () => {
  useStatus.setState({ ...initialStatus, online: true, lastSyncedAt: Date.now() }); // a replica that has been filled
  useCurrentUser.setState({ status: 'unknown', user: ANONYMOUS });
  useRegistryQuery.setState({ kind: 'developer', query: '', filters: {}, page: 1 });
  connectTo(server.url);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {}); // jsdom does not scroll
  db = freshDb();
  await putReplicaProfiles(db, [ada, moon]);
});
afterEach(async () => {
  // the registry's search has answered before its replica goes, so none is left reading it
  await waitFor(() => expect(screen.queryByText('Loading profiles...')).not.toBeInTheDocument(), { timeout: 10_000 });
  cleanup();
  vi.restoreAllMocks();
  resetHttpConfig();
  await dropDb(db);
});

// The browser's Back and Forward, and its address bar (outside any dialog, so read by test id)
let browser: NavigateFunction;
function AddressBar() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => { browser = navigate; }, [navigate]);
  return <output data-testid="address">{location.pathname + location.search}</output>;
}
const address = () => screen.getByTestId('address').textContent;
const back = () => act(() => { void browser(-1); });
const forward = () => act(() => { void browser(1); });

function renderAt(...entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <AddressBar />
      <AppRoutes db={db} />
    </MemoryRouter>,
  );
}

// the first search of a file builds the index: on a busy machine that takes more than a second
const findCard = (name: string) => screen.findByRole('heading', { name }, { timeout: 10_000 });
const searchBox = () => screen.getByLabelText<HTMLInputElement>('Search the registry');
const viewAda = async () => userEvent.click(await screen.findByRole('button', { name: /View Profile/ }, { timeout: 10_000 }));

describe('a lookup link', () => {
  it('when /?q= opens, then the registry shows that search and what it finds', async () => {
    renderAt('/?q=%40ada_example7');

    expect(searchBox()).toHaveValue('@ada_example7');
    expect(await findCard('Ada Example')).toBeInTheDocument();
  });

  it('when kind=project is in the link, then the Projects tab is shown', async () => {
    renderAt('/?q=Moon&kind=project');

    expect(screen.getByRole('button', { name: 'Projects' })).toHaveAttribute('aria-pressed', 'true');
    expect(await findCard('Moon Token')).toBeInTheDocument();
  });

  it('when a search is typed, then the address follows it in place, so Back leaves the page rather than undoing keys', async () => {
    renderAt('/accounts/login/', '/');

    await userEvent.type(searchBox(), 'Ada');
    await waitFor(() => expect(address()).toBe('/?q=Ada'));
    await userEvent.click(screen.getByRole('button', { name: 'Projects' }));
    await waitFor(() => expect(address()).toBe('/?q=Ada&kind=project'));

    back();
    expect(await screen.findByRole('heading', { name: 'Authorized Users Only' })).toBeInTheDocument();
    expect(address()).toBe('/accounts/login/');
  });

  it('when Back returns to a search, then the search box and the tab show it again', async () => {
    renderAt('/?q=Moon&kind=project', '/accounts/login/');
    await screen.findByRole('heading', { name: 'Authorized Users Only' });

    back();

    await waitFor(() => expect(searchBox()).toHaveValue('Moon'));
    expect(screen.getByRole('button', { name: 'Projects' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('when a share into the app opens it, then its identifier is the search and the address becomes that lookup', async () => {
    renderAt(`/?text=${encodeURIComponent('Pay me at https://t.me/ada_example7')}`);

    // the lookup is read once shared-lookup.ts has loaded (it is not in the first download)
    await waitFor(() => expect(address()).toBe('/?q=%40ada_example7'));
    expect(searchBox()).toHaveValue('@ada_example7');
    expect(await findCard('Ada Example')).toBeInTheDocument();
  });
});

describe('a profile link', () => {
  it('when View Profile is pressed, then the address names the profile by its case id, Back closes it and Forward opens it again', async () => {
    renderAt('/?q=Ada');
    await viewAda();
    await screen.findByRole('dialog', { name: 'Ada Example' });
    expect(address()).toBe('/?q=Ada&profile=BUSTR-2025-0007');

    back();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ada Example' })).not.toBeInTheDocument());
    expect(address()).toBe('/?q=Ada');
    expect(searchBox()).toHaveValue('Ada');

    forward();
    expect(await screen.findByRole('dialog', { name: 'Ada Example' })).toBeInTheDocument();
  });

  it('when the profile opened from its card is closed, then the app goes Back to the search, so Forward would open it again', async () => {
    renderAt('/?q=Ada');
    await viewAda();
    const dialog = await screen.findByRole('dialog', { name: 'Ada Example' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ada Example' })).not.toBeInTheDocument());
    expect(address()).toBe('/?q=Ada');
    forward();
    expect(await screen.findByRole('dialog', { name: 'Ada Example' })).toBeInTheDocument();
  });

  it('when a profile reopened by Forward is closed again, then it goes Back again', async () => {
    renderAt('/?q=Ada');
    await viewAda();
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Ada Example' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(address()).toBe('/?q=Ada'));
    forward();

    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Ada Example' })).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(address()).toBe('/?q=Ada'));
    expect(screen.queryByRole('dialog', { name: 'Ada Example' })).not.toBeInTheDocument();
  });

  it('when a profile link is opened, then that profile is read from the replica and shown over the registry', async () => {
    renderAt('/?profile=BUSTR-2025-0007');

    const dialog = await screen.findByRole('dialog', { name: 'Ada Example' });
    expect(within(dialog).getByText('BUSTR-2025-0007')).toBeInTheDocument();
    expect(searchBox()).toHaveValue('');
  });

  it('when a profile opened by a link is closed, then the registry replaces its entry, so Back leaves as it would have', async () => {
    renderAt('/accounts/login/', '/?profile=BUSTR-2025-0007');
    const dialog = await screen.findByRole('dialog', { name: 'Ada Example' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(address()).toBe('/'));
    expect(screen.queryByRole('dialog', { name: 'Ada Example' })).not.toBeInTheDocument();
    back();
    expect(address()).toBe('/accounts/login/');
  });

  it('when the link also has an identifier search, then the profile opens with that identifier matched first', async () => {
    renderAt(`/?q=${encodeURIComponent('t.me/ada_example7')}&profile=BUSTR-2025-0007`);

    const dialog = await screen.findByRole('dialog', { name: 'Ada Example' });
    expect(await within(dialog).findByRole('region', { name: 'Matched' })).toHaveTextContent('Telegram handle@ada_example7');
  });

  it('when the case id is written another way, then the profile opens and the address takes the case id as written by the app', async () => {
    renderAt('/?profile=bustr-2025-7');

    expect(await screen.findByRole('dialog', { name: 'Ada Example' })).toBeInTheDocument();
    await waitFor(() => expect(address()).toBe('/?profile=BUSTR-2025-0007'));
  });

  it('when no listed profile has the case id, then the dialog says so', async () => {
    renderAt('/?profile=BUSTR-2025-0999');

    const dialog = await screen.findByRole('dialog', { name: 'BUSTR-2025-0999' });
    expect(await within(dialog).findByText(LINKED_PROFILE_TEXT.notListed)).toBeInTheDocument();
  });

  it('when the link names no case id at all, then the dialog says it is not one', async () => {
    renderAt('/?profile=hello');

    const dialog = await screen.findByRole('dialog', { name: 'hello' });
    expect(within(dialog).getByText(LINKED_PROFILE_TEXT.notCaseId('hello'))).toBeInTheDocument();
  });

  it('when the replica has never been filled and the server lists no such profile, then the dialog says no listed profile has the case id', async () => {
    const empty = freshDb();
    setStatus({ lastSyncedAt: null, online: true });
    const { unmount } = render(
      <MemoryRouter initialEntries={['/?profile=BUSTR-2025-0007']}>
        <AppRoutes db={empty} />
      </MemoryRouter>,
    );

    const dialog = await screen.findByRole('dialog', { name: 'BUSTR-2025-0007' });
    expect(await within(dialog).findByText(LINKED_PROFILE_TEXT.notListed)).toBeInTheDocument();
    unmount();
    await dropDb(empty);
  });

  it('when the replica has never been filled and the server cannot be reached, then the dialog says the registry is still downloading, or, offline, that it is not here yet', async () => {
    const empty = freshDb();
    setStatus({ lastSyncedAt: null, online: true });
    connectTo('http://127.0.0.1:9'); // (nothing listens there: no answer)
    const { unmount } = render(
      <MemoryRouter initialEntries={['/?profile=BUSTR-2025-0007']}>
        <AppRoutes db={empty} />
      </MemoryRouter>,
    );

    const dialog = await screen.findByRole('dialog', { name: 'BUSTR-2025-0007' });
    expect(await within(dialog).findByText(LINKED_PROFILE_TEXT.downloading)).toBeInTheDocument();
    act(() => setStatus({ online: false }));
    expect(within(dialog).getByText(LINKED_PROFILE_TEXT.notDownloaded)).toBeInTheDocument();

    // the replica fills: the profile shows in the same dialog
    act(() => setStatus({ online: true }));
    await putReplicaProfiles(empty, [ada]);
    act(() => setStatus({ lastSyncedAt: Date.now() }));
    expect(await screen.findByRole('dialog', { name: 'Ada Example' })).toBeInTheDocument();
    // and the registry behind it lists the profile (its search has answered before the replica goes)
    expect(await screen.findByText('1 profile', undefined, { timeout: 10_000 })).toBeInTheDocument();
    unmount();
    await dropDb(empty);
  });
});
