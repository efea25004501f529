// End to end against the REAL server (no mocks of our own server): the forms queue through the
// outbox, the outbox sends the documented calls, and the rows land in the server's database.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffClient, visitor } from '../../../server/test-support';
import { publishedProfile } from '../../../server/test-flows';
import type { RegistryDb } from '../../local';
import { connectTo, disconnect, dropDb, freshDb, resetStatus, startServer, type RunningServer } from '../../local/test-support';
import { clearFilters } from '../../state/registry-query';
import { REPORT_MESSAGES } from './messages';
import { AddScamHarness, dialogNamed, fillRequired, ReportHarness, typeInto } from './report-test-support';

let server: RunningServer;
let db: RegistryDb;

beforeEach(async () => {
  resetStatus();
  clearFilters();
  server = await startServer();
  connectTo(server.url);
  db = freshDb();
});

afterEach(async () => {
  cleanup(); // unmount first: the forms save their drafts as they go away
  vi.restoreAllMocks();
  disconnect();
  await dropDb(db);
  await server.close();
});

const rows = <T,>(sql: string, ...params: unknown[]) => server.t.db.prepare(sql).all(...params) as T[];

describe('reports reach the real server', { timeout: 20_000 }, () => {
  it('when a wizard report with two scams is submitted, then one unverified profile and two pending incidents arrive', async () => {
    render(<ReportHarness db={db} />);
    await userEvent.click(screen.getByRole('button', { name: 'Report Person' }));
    const wizard = await dialogNamed('Report a person');
    await within(wizard).findByText('Step 1 of 3');
    await typeInto(wizard, /^Full name/, 'Wizard Reported Person');
    await userEvent.selectOptions(within(wizard).getByLabelText('Gender'), 'Female');
    await typeInto(wizard, 'Location', 'Lisbon');
    await userEvent.type(within(wizard).getByRole('combobox', { name: 'Languages' }), 'Portuguese{Enter}');
    await userEvent.click(within(wizard).getByRole('button', { name: 'Next' }));
    await typeInto(wizard, 'Bio', 'Runs fake job offers');
    await userEvent.click(within(wizard).getByRole('button', { name: 'Next' }));

    for (const [description, amount, wallet] of [['Charged a visa fee', '700', '0xabc123'], ['Took a deposit for equipment', '1,250.5', 'bc1qexample']] as const) {
      await userEvent.click(within(wizard).getByRole('button', { name: 'Add a scam' }));
      const editor = await dialogNamed('Add Scam');
      await within(editor).findByLabelText(/^Description/);
      await fillRequired(editor, description, amount);
      await userEvent.type(within(editor).getByLabelText('Wallet addresses'), `${wallet}{Enter}`);
      await userEvent.click(within(editor).getByRole('button', { name: 'Save scam' }));
    }
    await userEvent.click(within(wizard).getByRole('button', { name: 'Submit report' }));

    expect(await within(wizard).findByText(REPORT_MESSAGES.sent, {}, { timeout: 8000 })).toBeInTheDocument();
    const profiles = rows<{ id: number; kind: string; verification_status: string; gender: string; location: string; languages: string; bio: string }>(
      "SELECT id, kind, verification_status, gender, location, languages, bio FROM profiles WHERE name = 'Wizard Reported Person'",
    );
    expect(profiles).toEqual([{
      id: expect.any(Number), kind: 'developer', verification_status: 'unverified', gender: 'Female', location: 'Lisbon',
      languages: '["Portuguese"]', bio: 'Runs fake job offers',
    }]);
    const incidents = rows<{ description: string; amount: number; currency: string; verification_status: string; wallet_addresses: string }>(
      'SELECT description, amount, currency, verification_status, wallet_addresses FROM incidents WHERE profile_id = ? ORDER BY id', profiles[0]!.id,
    );
    expect(incidents).toEqual([
      { description: 'Charged a visa fee', amount: 700, currency: 'USD', verification_status: 'pending', wallet_addresses: '["0xabc123"]' },
      { description: 'Took a deposit for equipment', amount: 1250.5, currency: 'USD', verification_status: 'pending', wallet_addresses: '["bc1qexample"]' },
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('when Add Scam is submitted on a published profile, then a pending incident arrives and it says Submitted', async () => {
    const { id } = await publishedProfile(await visitor(server.t.app), await staffClient(server.t), 'developers', { name: 'Published Person' });
    render(<AddScamHarness kind="developer" profile={{ id, name: 'Published Person' }} mode="submit" db={db} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open Add Scam' }));
    const dialog = await dialogNamed('Add Scam');
    await within(dialog).findByLabelText(/^Description/);
    await fillRequired(dialog, 'Sold me a fake audit', '3000');
    await typeInto(dialog, 'Date of the scam', '2025-03-14');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Scam types' }), 'Phishing{Enter}');
    await typeInto(dialog, 'How staff can reach you', 'victim@example.test');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByText(REPORT_MESSAGES.sent, {}, { timeout: 8000 })).toBeInTheDocument();
    const incidents = rows<{ description: string; amount: number; occurred: string; types: string; submitter_contact: string; verification_status: string }>(
      "SELECT description, amount, occurred, types, submitter_contact, verification_status FROM incidents WHERE profile_id = ? AND verification_status = 'pending'", id,
    );
    expect(incidents).toEqual([{
      description: 'Sold me a fake audit', amount: 3000, occurred: '2025-03-14', types: '["Phishing"]',
      submitter_contact: 'victim@example.test', verification_status: 'pending',
    }]);
  });

  it('when the server refuses the scam, then it says Failed to submit scam. with the reason, and logs it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<AddScamHarness kind="developer" profile={{ id: 999_999, name: 'Gone Person' }} mode="submit" db={db} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open Add Scam' }));
    const dialog = await dialogNamed('Add Scam');
    await within(dialog).findByLabelText(/^Description/);
    await fillRequired(dialog, 'Took the money', '10');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const alert = await within(dialog).findByRole('alert', {}, { timeout: 8000 });
    // the spec's text on its own line, the server's reason on another; focus on the message
    expect(within(alert).getByText(REPORT_MESSAGES.scamFailed).textContent).toBe(REPORT_MESSAGES.scamFailed);
    expect(within(alert).getByText(/^The server said: /)).toBeInTheDocument();
    expect(alert).toHaveTextContent(REPORT_MESSAGES.rejectedHint);
    expect(alert).toHaveFocus();
    expect(error).toHaveBeenCalledWith('Scam submit failed', expect.any(String));
    const [entry] = await db.outbox.toArray();
    expect(entry?.state).toBe('rejected'); // kept for the pending list, never dropped silently
  });

  it('when the server fails (a 503: its database busy) while online, then Add Scam says the server had a problem and when it retries, not "back online"', async () => {
    const { id } = await publishedProfile(await visitor(server.t.app), await staffClient(server.t), 'developers', { name: 'Published Person' });
    render(<AddScamHarness kind="developer" profile={{ id, name: 'Published Person' }} mode="submit" db={db} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open Add Scam' }));
    const dialog = await dialogNamed('Add Scam');
    await within(dialog).findByLabelText(/^Description/);
    await fillRequired(dialog, 'Sold me a fake audit', '3000');
    // a real fault: another connection holds the database's write lock, so the server answers 503 (busy)
    server.t.db.pragma('busy_timeout = 50');
    const locker = new Database(server.t.config.DATABASE_PATH);
    locker.exec('BEGIN EXCLUSIVE');
    try {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

      const alert = await within(dialog).findByRole('alert', {}, { timeout: 8000 });
      expect(within(alert).getByText('Saved, but not sent yet: the server had a problem.')).toBeInTheDocument();
      expect(within(alert).getByText(/^We will try again /)).toBeInTheDocument();
      expect(within(alert).getByText('The server said: The registry is busy with another write right now. Nothing was saved; please try again in a moment.')).toBeInTheDocument();
      expect(within(dialog).queryByText(/back online/)).not.toBeInTheDocument();
      await waitFor(() => expect(alert).toHaveFocus());
      expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ state: 'pending', failure: 'server' })]);
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
  });
});
