import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCurrentUser, useCurrentUser } from './current-user';
import { connectTo, startServer, type RunningServer } from '../local/test-support';
import { upsertUserOn } from '../../server/features/auth/users';
import { resetHttpConfig } from '../api/http';
import { routes } from '../../shared/contract/routes';

let server: RunningServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server.close(); });
beforeEach(() => useCurrentUser.setState({ status: 'unknown', user: { is_authenticated: false, is_staff: false, username: '' } }));
afterEach(() => resetHttpConfig());

describe('the current user', () => {
  it('when a visitor looks up, then they are known and anonymous', async () => {
    connectTo(server.url);
    const user = await loadCurrentUser();
    expect(user).toEqual({ is_authenticated: false, is_staff: false, username: '' });
    expect(useCurrentUser.getState().status).toBe('known');
  });

  it('when the server cannot be reached, then the user is anonymous, not an error', async () => {
    // a port nothing listens on: the connection is refused at once
    connectTo('http://127.0.0.1:9');
    const user = await loadCurrentUser();
    expect(user.is_authenticated).toBe(false);
    expect(user.is_staff).toBe(false);
    expect(useCurrentUser.getState().status).toBe('known');
  });

  it('when staff are signed in, then the lookup says so', async () => {
    await upsertUserOn(server.t.engine, { username: 'boss', password: 'a long password', isStaff: true });
    const jar = connectTo(server.url);
    await loadCurrentUser(); // sets the csrftoken cookie
    const { apiJson } = await import('../api/http');
    await apiJson(routes.auth.login.path(), { form: { username: 'boss', password: 'a long password', next: '/' } });
    expect(jar).toBeTruthy();
    const user = await loadCurrentUser();
    expect(user).toEqual({ is_authenticated: true, is_staff: true, username: 'boss' });
  });
});
