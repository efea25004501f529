// The login screen against the real server (client/local/test-support.ts): sign-in through
// POST /api/login/, its refusals and throttle, and nothing sent when the form is incomplete.
// The transport is watched (and, to see the submitting state, held back) by wrapping fetch.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_THROTTLE_MAX_FAILURES } from '../../../shared/constants';
import { ANONYMOUS } from '../../../shared/contract/auth';
import { MEMBER, memberClient, STAFF, staffClient } from '../../../server/test-support';
import { apiJson } from '../../api/http';
import { connectTo, disconnect, startServer, type CookieJar, type RunningServer } from '../../local/test-support';
import { loadCurrentUser, useCurrentUser } from '../../state/current-user';
import { LoginPage } from './LoginPage';
import { routes } from '../../../shared/contract/routes';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
  // creates the two users of server/test-support: 'staff' and 'member' (not staff)
  await staffClient(server.t);
  await memberClient(server.t);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  useCurrentUser.setState({ status: 'unknown', user: ANONYMOUS });
});
afterEach(() => disconnect());

interface Sent {
  method: string;
  path: string;
  body: URLSearchParams;
  csrf: string | null;
}

/**
 * Connects the client to the real server through `jar` and records every request. With `hold`,
 * sign-in requests wait until `release()` before they go out.
 */
function watchTransport({ jar, hold = false }: { jar?: CookieJar; hold?: boolean } = {}) {
  const sent: Sent[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const connected = connectTo(server.url, jar, (next) => async (input, init) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
      csrf: headers.get('X-CSRFToken'),
    });
    if (hold && url.pathname === routes.auth.login.path()) await held;
    return next(input, init);
  });
  const logins = () => sent.filter((s) => s.method === 'POST' && s.path === routes.auth.login.path());
  return { jar: connected, sent, logins, release };
}

function renderLogin(path = '/accounts/login/') {
  const onSignedIn = vi.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/accounts/login" element={<LoginPage onSignedIn={onSignedIn} />} />
      </Routes>
    </MemoryRouter>,
  );
  return onSignedIn;
}

const usernameField = () => screen.getByPlaceholderText('Enter username');
const passwordField = () => screen.getByPlaceholderText('Enter password');
const submitButton = () => screen.getByRole('button', { name: /ACCESS SYSTEM|Authenticating/ });

async function fillIn(username: string, password: string) {
  if (username) await userEvent.type(usernameField(), username);
  if (password) await userEvent.type(passwordField(), password);
}

describe('the login screen', () => {
  it('when it opens, then the logo, the access notes, the secure badge, both fields and ACCESS SYSTEM show', () => {
    renderLogin();

    expect(screen.getByRole('img', { name: 'Bustr' })).toHaveAttribute('src', '/static/logo.svg');
    expect(screen.getByRole('heading', { level: 1, name: 'Authorized Users Only' })).toBeInTheDocument();
    expect(screen.getByText('Unauthorized access is strictly prohibited')).toBeInTheDocument();
    expect(screen.getByText('All activities are monitored and logged')).toBeInTheDocument();
    expect(screen.getByText('CONNECTION SECURE')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBe(usernameField());
    expect(screen.getByLabelText('Password')).toBe(passwordField());
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'ACCESS SYSTEM' })).toHaveAttribute('type', 'submit');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the eye button is pressed, then the password shows as plain text, and pressed again it is masked', async () => {
    renderLogin();
    await userEvent.type(passwordField(), 'secret words');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    expect(passwordField()).toHaveValue('secret words');

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('when the username is blank or only spaces, then Username is required shows and nothing is sent', async () => {
    const { logins } = watchTransport();
    renderLogin();
    await fillIn('', 'a password');

    await userEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Username is required');

    await userEvent.type(usernameField(), '   ');
    await userEvent.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Username is required');
    expect(usernameField()).toHaveFocus();
    expect(logins()).toHaveLength(0);
  });

  it('when the password is blank, then Password is required shows and nothing is sent', async () => {
    const { logins } = watchTransport();
    renderLogin();
    await fillIn(STAFF.username, '');

    await userEvent.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Password is required');
    expect(passwordField()).toHaveFocus();
    expect(logins()).toHaveLength(0);
  });

  it('when both are blank, then the username is named first (product.md#validation order) and nothing is sent', async () => {
    const { logins } = watchTransport();
    renderLogin();

    await userEvent.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Username is required$/);
    expect(logins()).toHaveLength(0);
  });

  it("when the password is wrong, then the server's message shows and the form can be used again", async () => {
    const { logins } = watchTransport();
    const onSignedIn = renderLogin();
    await fillIn(MEMBER.username, 'not the password');

    await userEvent.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(logins()).toHaveLength(1);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'ACCESS SYSTEM' })).toBeEnabled();
    expect(usernameField()).toBeEnabled();
    expect(passwordField()).toHaveFocus(); // ready to type it again
    // the server really refused: still a visitor
    expect((await loadCurrentUser()).is_authenticated).toBe(false);
  });

  it('while the request is on its way, then the button reads Authenticating... with a spinner and inputs and toggle are disabled', async () => {
    const { release } = watchTransport({ hold: true });
    renderLogin();
    await fillIn(MEMBER.username, 'not the password');

    await userEvent.click(submitButton());

    const button = await screen.findByRole('button', { name: 'Authenticating...' });
    expect(button).toBeDisabled();
    expect(button.querySelector('.login__spinner')).not.toBeNull();
    expect(usernameField()).toBeDisabled();
    expect(passwordField()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeDisabled();

    release();
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'ACCESS SYSTEM' })).toBeEnabled();
    expect(usernameField()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeEnabled();
  });

  it('when a new submit starts, then the previous error is cleared', async () => {
    const { release } = watchTransport({ hold: true });
    renderLogin();
    await userEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Username is required');

    await fillIn(MEMBER.username, 'not the password');
    await userEvent.click(submitButton());

    await screen.findByRole('button', { name: 'Authenticating...' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
  });

  it('when the right credentials are given on a first visit, then the session starts and the browser is sent to next', async () => {
    // no request has been made yet, so there is no csrftoken cookie: it is fetched first
    const { jar, logins } = watchTransport();
    expect(jar.get('csrftoken')).toBeUndefined();
    const onSignedIn = renderLogin(`/accounts/login/?next=${encodeURIComponent('/adminpanel/')}`);
    await fillIn(`  ${STAFF.username} `, STAFF.password);

    await userEvent.click(submitButton());

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/adminpanel/'));
    const [login] = logins();
    expect(login!.csrf).toBeTruthy();
    expect(Object.fromEntries(login!.body)).toEqual({ username: STAFF.username, password: STAFF.password, next: '/adminpanel/' });
    // the page is being replaced: the form keeps saying so
    expect(screen.getByRole('button', { name: 'Authenticating...' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await loadCurrentUser()).toEqual({ is_authenticated: true, is_staff: true, username: STAFF.username });
  });

  it('when next is missing or points to another site, then the sign-in leads to /', async () => {
    const { logins } = watchTransport();
    const onSignedIn = renderLogin(`/accounts/login/?next=${encodeURIComponent('//evil.example/steal')}`);
    await fillIn(MEMBER.username, MEMBER.password);

    await userEvent.click(submitButton());

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/'));
    expect(logins()[0]!.body.get('next')).toBe('/');
  });

  it('when the server cannot be reached, then An error occurred during login. shows', async () => {
    const { jar } = watchTransport();
    await loadCurrentUser(); // a cookie from an earlier visit
    connectTo('http://127.0.0.1:9', jar); // nothing listens there
    const onSignedIn = renderLogin();
    await fillIn(STAFF.username, STAFF.password);

    await userEvent.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during login.');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'ACCESS SYSTEM' })).toBeEnabled();
  });

  it("when sign-ins failed too often, then the server's throttle message shows", async () => {
    // failures count per username (known or not) and address; this name is used nowhere else
    const name = 'someone-guessing';
    const { logins } = watchTransport();
    renderLogin();
    await fillIn(name, 'wrong');

    for (let i = 0; i < LOGIN_THROTTLE_MAX_FAILURES; i += 1) {
      await userEvent.click(submitButton());
      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    }
    await userEvent.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect(logins()).toHaveLength(LOGIN_THROTTLE_MAX_FAILURES + 1);
  });

  it('when a signed-in user opens it, then it says who they are and leads on to next', async () => {
    watchTransport();
    await loadCurrentUser();
    await apiJson(routes.auth.login.path(), { form: { username: STAFF.username, password: STAFF.password, next: '/' } });
    renderLogin(`/accounts/login/?next=${encodeURIComponent('/adminpanel/')}`);

    await act(async () => {
      await loadCurrentUser();
    });

    expect(screen.getByText(/You are signed in as/)).toHaveTextContent(`You are signed in as ${STAFF.username} (staff).`);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/adminpanel/');
    expect(screen.queryByPlaceholderText('Enter password')).not.toBeInTheDocument();
    // the access notes stay
    expect(screen.getByText('All activities are monitored and logged')).toBeInTheDocument();
  });
});
