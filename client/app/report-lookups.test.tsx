// What the app gives the report forms from the replica (issue 16), through its routes in a memory
// router with the real search engine: "Report it" on a search that found nothing opens the report
// wizard of the kind shown with the identifier filled in, and step 1 of the wizard says when its
// name is already listed, with a way to add the scam to that profile instead.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffClient } from '../../server/test-support';
import { ANONYMOUS } from '../../shared/contract/auth';
import { sampleProfile } from '../../shared/test-support';
import { resetHttpConfig } from '../api/http';
import type { LocalProfile, RegistryDb } from '../local';
import { connectTo, dropDb, freshDb, putReplicaProfiles, startServer, type RunningServer } from '../local/test-support';
import { useCurrentUser } from '../state/current-user';
import { useRegistryQuery } from '../state/registry-query';
import { initialStatus, useStatus } from '../state/status';
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
  useStatus.setState({ ...initialStatus, online: false, lastSyncedAt: Date.now() }); // offline, a replica that has been filled
  useCurrentUser.setState({ status: 'unknown', user: ANONYMOUS });
  useRegistryQuery.setState({ kind: 'developer', query: '', filters: {}, page: 1 });
  connectTo(server.url);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  db = freshDb();
  await putReplicaProfiles(db, [ada, moon]);
});
afterEach(async () => {
  await waitFor(() => expect(screen.queryByText('Loading profiles...')).not.toBeInTheDocument(), { timeout: 10_000 });
  cleanup();
  vi.restoreAllMocks();
  resetHttpConfig();
  await dropDb(db);
});

function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <AppRoutes db={db} />
    </MemoryRouter>,
  );
}

/** The wizard once its stored report has been read. */
async function wizardNamed(name: string) {
  const dialog = await screen.findByRole('dialog', { name }, { timeout: 10_000 });
  await waitFor(() => expect(within(dialog).queryByText('Loading…')).not.toBeInTheDocument());
  return dialog;
}

describe('Report it', { timeout: 30_000 }, () => {
  it('when a pasted handle is listed nowhere, then Report it opens Report a person with it as Scam 1\'s Telegram handle', async () => {
    renderAt(`/?q=${encodeURIComponent('t.me/ada_example8')}`);

    expect(await screen.findByText('No listed profile has this Telegram handle.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Report it' }));

    const wizard = await wizardNamed('Report a person');
    expect(await within(wizard).findByText("It is filled in as Scam 1's Telegram handle. Add what you know of who is behind it, then describe that scam on step 3."))
      .toBeInTheDocument();
    expect(wizard).toHaveTextContent('Reporting t.me/ada_example8');
  });

  it('when the Projects tab is shown, then Report it opens Report a project', async () => {
    renderAt(`/?q=${encodeURIComponent('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')}&kind=project`);

    await userEvent.click(await screen.findByRole('button', { name: 'Report it' }, { timeout: 10_000 }));

    const wizard = await wizardNamed('Report a project');
    expect(await within(wizard).findByText(/as Scam 1's Ethereum wallet address/)).toBeInTheDocument();
  });
});

describe('the name check of step 1', { timeout: 30_000 }, () => {
  it('when the name typed is listed, in another case and spacing, then step 1 says so offline, and the scam can go to that profile', async () => {
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Report Person' }));
    const wizard = await wizardNamed('Report a person');

    await userEvent.click(within(wizard).getByLabelText(/^Full name/));
    await userEvent.paste('  ada   EXAMPLE ');

    const note = await within(wizard).findByText(/is already listed/, undefined, { timeout: 10_000 });
    expect(note).toHaveTextContent('A profile named Ada Example is already listed (a person).');
    await userEvent.click(within(wizard).getByRole('button', { name: 'Add a scam to Ada Example instead' }));
    const addScam = await screen.findByRole('dialog', { name: 'Add Scam' });
    expect(addScam).toHaveTextContent('A scam by Ada Example.');
  });

  it('when a project\'s name is typed in Report a person, then it is pointed out too, as a project', async () => {
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Report Person' }));
    const wizard = await wizardNamed('Report a person');

    await userEvent.click(within(wizard).getByLabelText(/^Full name/));
    await userEvent.paste('Moon Token');

    expect(await within(wizard).findByText(/is already listed/, undefined, { timeout: 10_000 })).toHaveTextContent('A profile named Moon Token is already listed (a project).');
  });
});
