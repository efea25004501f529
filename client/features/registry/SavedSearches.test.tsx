import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MEMBER, memberClient } from '../../../server/test-support';
import { ANONYMOUS } from '../../../shared/contract/auth';
import { SAVED_SEARCH_EMPTY_MESSAGE } from '../../../shared/contract/saved-search';
import { apiJson } from '../../api/http';
import { localDb } from '../../local';
import { syncSavedSearches } from '../../local/saved-searches';
import { connectTo, disconnect, resetStatus, startServer } from '../../local/test-support';
import { loadCurrentUser, useCurrentUser } from '../../state/current-user';
import { useRegistryQuery } from '../../state/registry-query';
import { SavedSearches } from './SavedSearches';
import { routes } from '../../../shared/contract/routes';

beforeEach(async () => {
  resetStatus();
  useCurrentUser.setState({ status: 'known', user: ANONYMOUS });
  useRegistryQuery.setState({ kind: 'developer', query: '', filters: {}, page: 1 });
  await localDb.savedSearches.clear();
});

afterEach(async () => {
  await syncSavedSearches(); // let a background save finish before the next test
  useCurrentUser.setState({ status: 'unknown', user: ANONYMOUS });
  await localDb.savedSearches.clear();
});

async function openSavedSearches(user: ReturnType<typeof userEvent.setup>) {
  render(<SavedSearches />);
  await user.click(await screen.findByText(/^Saved searches/));
}

// The list shows a save as soon as it is stored, a moment before the form clears its name field;
// typing before then keeps the typed text (on purpose), so tests wait for the confirmation.
async function saved(name: string) {
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`Saved “${name}”.`));
}

const items = () => within(screen.getByRole('list', { name: 'Saved searches' })).getAllByRole('listitem');

describe('saved searches', () => {
  it('when the name is blank or there is nothing to save, then the schema’s message shows and nothing is kept', async () => {
    const user = userEvent.setup();
    await openSavedSearches(user);

    await user.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the search a name');
    expect(screen.getByRole('textbox', { name: 'Name this search' })).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByRole('textbox', { name: 'Name this search' }), 'Empty');
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SAVED_SEARCH_EMPTY_MESSAGE);
    expect(screen.getByText('No saved searches yet.')).toBeInTheDocument();
    expect(await localDb.savedSearches.count()).toBe(0);
  });

  it('when the current search and filters are saved, then they are listed newest first, described', async () => {
    const user = userEvent.setup();
    await openSavedSearches(user);
    const name = screen.getByRole('textbox', { name: 'Name this search' });

    useRegistryQuery.setState({ query: 'jane', filters: { Industry: ['DeFi'], 'Scam Type': ['Rug Pull', 'Phishing'] } });
    await user.type(name, 'DeFi rugs{Enter}');
    await saved('DeFi rugs');
    expect(name).toHaveValue('');
    useRegistryQuery.setState({ query: '', filters: { Location: ['Remote'] } });
    await user.type(name, 'Remote ones');
    await user.click(screen.getByRole('button', { name: 'Save search' }));

    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[0]).toHaveTextContent('Remote ones');
    expect(items()[0]).toHaveTextContent(/1 filter · saved/);
    expect(items()[1]).toHaveTextContent('DeFi rugs');
    expect(items()[1]).toHaveTextContent(/Search “jane” · 3 filters · saved/);
    await saved('Remote ones');
    expect(name).toHaveValue('');
    expect(screen.getByText(/^Saved searches/)).toHaveTextContent('Saved searches (2)');
  });

  it('when a saved search is loaded, then its query and filters become the registry’s, from page 1', async () => {
    const user = userEvent.setup();
    await openSavedSearches(user);
    useRegistryQuery.setState({ query: 'roe', filters: { Banks: ['First Bank'], Industry: ['NFT'] } });
    await user.type(screen.getByRole('textbox', { name: 'Name this search' }), 'Roe at banks{Enter}');
    useRegistryQuery.setState({ query: 'something else', filters: { Location: ['Lagos'] }, page: 4 });

    await user.click(await screen.findByRole('button', { name: 'Load saved search Roe at banks' }));

    expect(useRegistryQuery.getState()).toMatchObject({ query: 'roe', filters: { Banks: ['First Bank'], Industry: ['NFT'] }, page: 1 });
  });

  it('when a saved search is deleted, then it leaves the list and focus moves to the next one', async () => {
    const user = userEvent.setup();
    await openSavedSearches(user);
    useRegistryQuery.setState({ query: 'q' });
    for (const n of ['One', 'Two', 'Three']) {
      await user.type(screen.getByRole('textbox', { name: 'Name this search' }), `${n}{Enter}`);
      await saved(n);
    }

    await user.click(screen.getByRole('button', { name: 'Delete saved search Two' }));

    await waitFor(() => expect(items().map((i) => within(i).getAllByRole('button')[0]?.textContent)).toEqual(['Three', 'One']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete saved search One' })).toHaveFocus());
    expect(screen.getByText(/^Saved searches/).closest('details')).toHaveAttribute('open');
  });

  it('when the panel is open, then Escape closes it and returns to its summary', async () => {
    const user = userEvent.setup();
    await openSavedSearches(user);
    const details = screen.getByText(/^Saved searches/).closest('details');
    expect(details).toHaveAttribute('open');

    await user.click(screen.getByRole('textbox', { name: 'Name this search' }));
    await user.keyboard('{Escape}');

    expect(details).not.toHaveAttribute('open');
    expect(screen.getByText(/^Saved searches/)).toHaveFocus();
  });
});

describe('saved searches of a signed-in person', () => {
  it('when the page loads signed in, then the account’s saved searches are merged in, and a new one reaches the server', async () => {
    const server = await startServer();
    try {
      const phone = await memberClient(server.t); // creates the member and signs in on another "device"
      await phone.post(routes.savedSearches.create.path(), { name: 'From the phone', filters: { 'Scam Type': ['Phishing'] }, query: '' }).expect(201);
      connectTo(server.url);
      await loadCurrentUser();
      await apiJson(routes.auth.login.path(), { form: { username: MEMBER.username, password: MEMBER.password, next: '/' } });
      await loadCurrentUser();
      const user = userEvent.setup();

      await openSavedSearches(user);

      expect(await screen.findByRole('button', { name: 'Load saved search From the phone' })).toBeInTheDocument();
      expect(screen.getByText(/on this device and in your account/)).toBeInTheDocument();
      useRegistryQuery.setState({ query: 'vault' });
      await user.type(screen.getByRole('textbox', { name: 'Name this search' }), 'Vaults{Enter}');
      await saved('Vaults');
      await syncSavedSearches();
      const names = (server.t.db.prepare('SELECT name FROM saved_searches ORDER BY id').all() as { name: string }[]).map((r) => r.name);
      expect(names).toEqual(['From the phone', 'Vaults']);
    } finally {
      await syncSavedSearches();
      disconnect();
      await server.close();
    }
  });
});
