// The header's account corner against the real server (client/local/test-support.ts): the
// current user comes from GET /api/accounts/me/, sign-in through POST /api/login/, and Log out
// really ends the session.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER, memberClient, STAFF, staffClient } from '../../../server/test-support';
import { apiJson, resetHttpConfig } from '../../api/http';
import { connectTo, startServer, type CookieJar, type RunningServer } from '../../local/test-support';
import { loadCurrentUser, useCurrentUser } from '../../state/current-user';
import { UserMenu } from './UserMenu';
import { routes } from '../../../shared/contract/routes';

let server: RunningServer;
const PASSWORDS: Record<string, string> = { [MEMBER.username]: MEMBER.password, [STAFF.username]: STAFF.password };

beforeAll(async () => {
  server = await startServer();
  // creates the two users of server/test-support: 'member' (not staff) and 'staff'
  await memberClient(server.t);
  await staffClient(server.t);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  useCurrentUser.setState({ status: 'unknown', user: { is_authenticated: false, is_staff: false, username: '' } });
});
afterEach(() => resetHttpConfig());

/** Signs in through the real login call, then looks the user up as the shell does. */
async function signIn(username: string): Promise<CookieJar> {
  const jar = connectTo(server.url);
  await loadCurrentUser(); // sets the csrftoken cookie
  await apiJson(routes.auth.login.path(), { form: { username, password: PASSWORDS[username]!, next: '/' } });
  await act(async () => {
    await loadCurrentUser();
  });
  return jar;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderMenu(path = '/', onLoggedOut = vi.fn()) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <UserMenu onLoggedOut={onLoggedOut} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return onLoggedOut;
}

async function openMenu(name: string) {
  // (the menu's code loads once someone is signed in: its button is there when it has)
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(name) }));
  return screen.findByRole('menu');
}

describe('the user menu', () => {
  it('when the current user is not known yet, then neither a menu nor a sign-in link shows', () => {
    renderMenu();

    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('when a visitor is looked up, then a Staff sign in link leads to the login page with this page as next', async () => {
    connectTo(server.url);
    renderMenu('/some/page?q=1');

    await act(async () => {
      await loadCurrentUser();
    });

    expect(screen.getByRole('link', { name: 'Staff sign in' })).toHaveAttribute(
      'href',
      `/accounts/login/?next=${encodeURIComponent('/some/page?q=1')}`,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('when a visitor is on the login page, then no Staff sign in link shows there', async () => {
    connectTo(server.url);
    renderMenu('/accounts/login/?next=/');

    await act(async () => {
      await loadCurrentUser();
    });

    expect(screen.queryByRole('link', { name: 'Staff sign in' })).not.toBeInTheDocument();
  });

  it('when a signed-in user who is not staff opens the menu, then it offers Log out but not Admin Panel', async () => {
    await signIn(MEMBER.username);
    renderMenu();

    const menu = await openMenu(MEMBER.username);

    expect(menu).toHaveTextContent(`Signed in as ${MEMBER.username}`);
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it('when staff open the menu, then Admin Panel leads to /adminpanel', async () => {
    await signIn(STAFF.username);
    renderMenu();

    await openMenu(STAFF.username);
    const admin = screen.getByRole('menuitem', { name: 'Admin Panel' });
    expect(admin).toHaveAttribute('href', '/adminpanel');
    await userEvent.click(admin);

    expect(screen.getByTestId('where')).toHaveTextContent('/adminpanel');
  });

  it('when Log out is chosen, then the session ends on the server and the login page is loaded', async () => {
    await signIn(MEMBER.username);
    const onLoggedOut = renderMenu();

    await openMenu(MEMBER.username);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));

    await vi.waitFor(() => expect(onLoggedOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const after = await loadCurrentUser();
    expect(after.is_authenticated).toBe(false);
  });

  it('when the server refuses the logout, then Logout failed shows and the user stays signed in', async () => {
    const jar = await signIn(MEMBER.username);
    const onLoggedOut = renderMenu();
    // without the csrftoken cookie the server refuses the form (403), as with an expired token
    const session = jar.get('sessionid');
    jar.clear();
    connectTo(server.url, jar);
    await openMenu(MEMBER.username);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Logout failed');
    expect(onLoggedOut).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: new RegExp(MEMBER.username) })).toBeEnabled();
    // the session is still alive on the server
    const res = await fetch(`${server.url}/api/accounts/me/`, { headers: { Cookie: `sessionid=${session}` } });
    expect(((await res.json()) as { is_authenticated: boolean }).is_authenticated).toBe(true);
  });

  it('when the server cannot be reached, then Logout failed shows and can be dismissed', async () => {
    await signIn(MEMBER.username);
    const onLoggedOut = renderMenu();
    connectTo('http://127.0.0.1:9'); // nothing listens there

    await openMenu(MEMBER.username);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Logout failed');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onLoggedOut).not.toHaveBeenCalled();
  });

  it('when the menu is opened from the keyboard, then arrows move through it and Escape closes it', async () => {
    await signIn(STAFF.username);
    renderMenu();
    const trigger = await screen.findByRole('button', { name: new RegExp(STAFF.username) });

    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
