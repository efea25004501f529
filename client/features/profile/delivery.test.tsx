// The two dialogs end to end against the REAL server: a profile published the way visitors and
// staff publish one, synced into a fresh replica, a request made in the dialog, delivered by the
// outbox, and read back from the server's database.
import { render, screen, waitFor, within } from '@testing-library/react';
import Database from 'better-sqlite3';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishedProfile } from '../../../server/test-flows';
import { staffClient, visitor, type Client } from '../../../server/test-support';
import { getProfile, syncNow, type LocalProfile, type RegistryDb } from '../../local';
import {
  connectTo, disconnect, dropDb, freshDb, resetStatus, startServer, type RunningServer,
} from '../../local/test-support';
import { clearFilters } from '../../state/registry-query';
import { ProfileModal } from './ProfileModal';
import { RemovalDialog } from './RemovalDialog';
import { routes } from '../../../shared/contract/routes';

let server: RunningServer;
let db: RegistryDb;
let staff: Client;
let published: { id: number; incidentIds: number[] };
let profile: LocalProfile;

beforeEach(async () => {
  resetStatus();
  clearFilters();
  server = await startServer();
  connectTo(server.url);
  db = freshDb();
  const anon = await visitor(server.t.app);
  staff = await staffClient(server.t);
  published = await publishedProfile(anon, staff, 'developers', { name: 'Zoe Walker', bio: 'Old bio', location: 'Lisbon' }, [
    { description: 'Sold a fake presale.', scamDate: '2024-01-02', lostAmount: '200', currency: 'EUR' },
    { description: 'Took the launch deposit.', scamDate: '2025-02-03', lostAmount: '1500', currency: 'USD', emails: ['zoe@example.test'] },
  ]);
  await syncNow(db);
  profile = (await getProfile(published.id, db))!;
});

afterEach(async () => {
  disconnect();
  await dropDb(db);
  await server.close();
});

const sql = <T,>(query: string, ...params: unknown[]) => server.t.db.prepare(query).all(...params) as T[];

function openProfile() {
  render(<ProfileModal profile={profile} open onOpenChange={() => {}} onAddIncident={() => {}} db={db} />);
}

describe('requests from the profile modal, delivered to the real server', () => {
  it('when an edit request is submitted online, then the server stores only the changes, and the modal says it was submitted', async () => {
    openProfile();
    await screen.findByRole('button', { name: /^Incident of 2025-02-03/ });
    await userEvent.click(screen.getByRole('button', { name: 'Request Changes' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Submit Changes for Zoe Walker' }));
    expect(dialog.getByLabelText('Incident to update')).toHaveValue(String(published.incidentIds[1]));

    await userEvent.clear(dialog.getByLabelText('Bio'));
    await userEvent.type(dialog.getByLabelText('Bio'), 'Now runs a fake exchange.');
    await userEvent.clear(dialog.getByLabelText('Currency'));
    await userEvent.type(dialog.getByLabelText('Currency'), 'usdt');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Changes' }));

    expect(await screen.findByText('Edit request submitted successfully!')).toBeInTheDocument();
    const message = screen.getByText('Edit request submitted successfully!').closest('[role="alert"]');
    expect(message).not.toBeNull();
    // issue 19: focus moves to the confirmation (and the view with it), wherever the person was
    await waitFor(() => expect(message).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'Submit Changes for Zoe Walker' })).not.toBeInTheDocument();
    const rows = sql<Record<string, unknown>>(
      'SELECT profile_id, scam_id, full_name, case_id, target_type, proposed_changes, verification_status FROM edit_requests',
    );
    expect(rows).toEqual([{
      profile_id: published.id, scam_id: published.incidentIds[1], full_name: 'Anonymous',
      case_id: `EDITREQ-${new Date().getFullYear()}-${String(published.id).padStart(4, '0')}`, target_type: 'both',
      verification_status: 'pending', proposed_changes: expect.any(String),
    }]);
    expect(JSON.parse(rows[0]!.proposed_changes as string)).toEqual({
      developer: { bio: 'Now runs a fake exchange.' },
      append: { scam_updates: [{ id: published.incidentIds[1], set: { currency: 'USDT' } }] },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('when the server refuses the edit request, then the dialog stays with its failure text and reason', async () => {
    // staff took the profile down after this replica synced
    expect((await staff.post(routes.profiles.reject.developer.path({ id: published.id }))).status).toBe(200);
    openProfile();
    await screen.findByRole('button', { name: /^Incident of 2025-02-03/ });
    await userEvent.click(screen.getByRole('button', { name: 'Request Changes' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Submit Changes for Zoe Walker' }));

    await userEvent.type(dialog.getByLabelText('Nationality'), 'Examplian');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Changes' }));

    // the spec's text stands alone; the server's words are on their own line
    const text = await dialog.findByText('Failed to submit edit request.');
    const alert = text.closest('[role="alert"]')!;
    expect(text.textContent).toBe('Failed to submit edit request.');
    expect(within(alert as HTMLElement).getByText(/^The server said: .*not found/i)).toBeInTheDocument();
    await waitFor(() => expect(alert).toHaveFocus());
    expect(dialog.getByLabelText('Nationality')).toHaveValue('Examplian');
    expect(sql('SELECT id FROM edit_requests')).toEqual([]);
    // the refused request stays in the pending list until the person resends or discards it
    const [refused] = await db.outbox.toArray();
    expect(refused?.state).toBe('rejected');

    // trying again from the dialog replaces the refused entry instead of adding a second one
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Changes' }));
    await waitFor(async () => {
      const entries = await db.outbox.toArray();
      expect(entries.map((e) => [e.state, e.id === refused!.id])).toEqual([['rejected', false]]);
    });
  });

  it('when a removal request is submitted online, then the server stores it against the profile and the modal says Submitted', async () => {
    openProfile();
    await userEvent.click(screen.getByRole('button', { name: 'Request Removal' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Case Removal Request' }));

    await userEvent.type(dialog.getByLabelText('Full name'), 'Zoe Walker');
    await userEvent.type(dialog.getByLabelText('Contact information'), 'zoe@example.test');
    await userEvent.type(dialog.getByLabelText('Explanation for removal'), 'I repaid everyone; receipts attached by mail.');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Removal Request' }));

    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    const submitted = screen.getByText('Submitted').closest('[role="alert"]') as HTMLElement;
    expect(within(submitted).getByText('Staff will review the removal request.')).toBeInTheDocument();
    await waitFor(() => expect(submitted).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'Case Removal Request' })).not.toBeInTheDocument();
    expect(sql('SELECT target_type, developer_id, project_id, target_name, case_id, full_name, contact_information, explanation, verification_status FROM removal_requests')).toEqual([{
      target_type: 'developer', developer_id: published.id, project_id: null, target_name: 'Zoe Walker',
      case_id: `BUSTR-2025-${String(published.id).padStart(4, '0')}`, full_name: 'Zoe Walker', contact_information: 'zoe@example.test',
      explanation: 'I repaid everyone; receipts attached by mail.', verification_status: 'pending',
    }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('when the server refuses the removal request, then the dialog stays with the failure text and the reason', async () => {
    const unknown = { id: 9999, name: 'Nobody Known', kind: 'developer' as const };
    render(<RemovalDialog profile={unknown} open onOpenChange={() => {}} onSubmitted={() => {}} db={db} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Case Removal Request' }));

    await userEvent.type(dialog.getByLabelText('Full name'), 'Jane Roe');
    await userEvent.type(dialog.getByLabelText('Contact information'), 'jane@example.test');
    await userEvent.type(dialog.getByLabelText('Explanation for removal'), 'Wrong person.');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Removal Request' }));

    const alert = await dialog.findByRole('alert');
    expect(within(alert).getByText('Failed to submit removal request. Please try again.').textContent)
      .toBe('Failed to submit removal request. Please try again.');
    expect(within(alert).getByText('The server said: The case to remove was not found.')).toBeInTheDocument();
    await waitFor(() => expect(alert).toHaveFocus());
    expect(dialog.getByLabelText('Full name')).toHaveValue('Jane Roe');
  });

  it('when the server cannot be reached, then the request waits in the outbox and the person is told so', async () => {
    openProfile();
    await screen.findByRole('button', { name: /^Incident of 2025-02-03/ });
    await server.stop();
    await userEvent.click(screen.getByRole('button', { name: 'Request Changes' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Submit Changes for Zoe Walker' }));

    await userEvent.type(dialog.getByLabelText('Location'), ' Old Town');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Changes' }));

    // online, with no server answering: not "back online", but the server and the next try
    expect(await screen.findByText('Saved, but not sent yet: the server could not be reached.')).toBeInTheDocument();
    expect(screen.getByText(/^We will try again .* It waits on this device, in your pending list, until it is sent\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/back online/)).not.toBeInTheDocument();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'pending', label: 'Edit request for Zoe Walker', failure: 'unreachable' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Submit Changes for Zoe Walker' })).not.toBeInTheDocument());
  });

  it('when the server fails (a 503: its database busy) while online, then the modal says the server had a problem and when it retries, never "back online"', async () => {
    openProfile();
    // a real fault: another connection holds the database's write lock, so the server answers 503 (busy)
    server.t.db.pragma('busy_timeout = 50');
    const locker = new Database(server.t.config.DATABASE_PATH);
    locker.exec('BEGIN EXCLUSIVE');
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Request Removal' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Case Removal Request' }));
      await userEvent.type(dialog.getByLabelText('Full name'), 'Zoe Walker');
      await userEvent.type(dialog.getByLabelText('Contact information'), 'zoe@example.test');
      await userEvent.type(dialog.getByLabelText('Explanation for removal'), 'I repaid everyone.');
      await userEvent.click(dialog.getByRole('button', { name: 'Submit Removal Request' }));

      const title = await screen.findByText('Saved, but not sent yet: the server had a problem.');
      const message = title.closest('[role="alert"]') as HTMLElement;
      expect(within(message).getByText(/^We will try again (in a few seconds \(at \d{1,2}:\d{2} [AP]M\)|at \d{1,2}:\d{2} [AP]M)\./)).toBeInTheDocument();
      expect(within(message).getByText('The server said: The registry is busy with another write right now. Nothing was saved; please try again in a moment.')).toBeInTheDocument();
      expect(screen.queryByText(/back online/)).not.toBeInTheDocument();
      await waitFor(() => expect(message).toHaveFocus());
      const [entry] = await db.outbox.toArray();
      expect(entry).toMatchObject({ state: 'pending', failure: 'server', attempts: 1 });
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
  });
});
