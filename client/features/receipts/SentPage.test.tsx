// /sent, "What I sent", against the real server on a temp database: what the device sent, with its
// reference and status, what still waits, a recheck after staff decide, offline, and removal.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staffClient } from '../../../server/test-support';
import { routes } from '../../../shared/contract/routes';
import { listSent, submitAction, type OutboxEntry, type RegistryDb } from '../../local';
import { connectTo, disconnect, dropDb, freshDb, resetStatus, startServer, type RunningServer } from '../../local/test-support';
import { setStatus } from '../../state/status';
import { SENT_TEXTS, SentPage } from './SentPage';

let server: RunningServer;
let db: RegistryDb;

beforeEach(async () => {
  resetStatus();
  setStatus({ online: true });
  server = await startServer();
  connectTo(server.url);
  db = freshDb();
});

afterEach(async () => {
  disconnect();
  await dropDb(db);
  await server.close();
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/sent']}>
      <Routes><Route path="/sent" element={<SentPage db={db} />} /><Route path="/receipts/:token" element={<p>receipt page</p>} /></Routes>
    </MemoryRouter>,
  );
}

const waitingEntry: OutboxEntry = {
  id: 'waiting-1', action: { type: 'removal-request', targetName: 'Ada Vale', request: { case_id: 'BUSTR-2025-0007' } } as OutboxEntry['action'],
  label: 'Removal request for BUSTR-2025-0007 (Ada Vale)', state: 'pending', createdAt: Date.now(), updatedAt: Date.now(),
  attempts: 1, nextAttemptAt: Date.now() + 60_000, lastError: null, failure: 'offline', results: [],
};

describe('What I sent', () => {
  it('when nothing was sent from the device, then it says what will appear here', async () => {
    renderPage();

    expect(await screen.findByText(SENT_TEXTS.empty)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What I sent' })).toBeInTheDocument();
  });

  it('when a report was sent and another waits, then both are listed; after staff verify, Check again reads Published', async () => {
    await submitAction({ type: 'report-profile', kind: 'developer', profile: { name: 'Jane Roe' }, incidents: [] }, { db });
    await db.outbox.add(waitingEntry);
    const [row] = await listSent(db);
    renderPage();

    const list = await screen.findByRole('list', { name: 'What I sent' });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Removal request for BUSTR-2025-0007 (Ada Vale)');
    expect(items[0]).toHaveTextContent('Waiting to send');
    expect(items[0]).toHaveTextContent('Waiting for the network.');
    expect(items[1]).toHaveTextContent('Report: Jane Roe');
    expect(items[1]).toHaveTextContent(row!.reference);
    await within(items[1]!).findByText('In review');
    expect(within(items[1]!).getByRole('link', { name: `Receipt for ${row!.reference}` })).toHaveAttribute('href', row!.page);
    await screen.findByText(/^Checked /);

    const staff = await staffClient(server.t);
    const { id } = server.t.db.prepare("SELECT id FROM profiles WHERE name = 'Jane Roe'").get() as { id: number };
    await staff.post(routes.profiles.verify.developer.path({ id }));
    await userEvent.click(screen.getByRole('button', { name: SENT_TEXTS.checkNow }));

    await within(items[1]!).findByText('Published');
    expect((await listSent(db))[0]!.status).toBe('published');
  });

  it('when offline, then it shows the statuses as last checked and asks the server nothing', async () => {
    await submitAction({ type: 'report-profile', kind: 'project', profile: { name: 'Coin Haven' }, incidents: [] }, { db });
    await db.sent.toCollection().modify({ checkedAt: Date.UTC(2026, 10, 25, 18, 5) });
    setStatus({ online: false });
    await server.stop();
    let calls = 0;
    connectTo(server.url, undefined, (next) => (input, init) => { calls++; return next(input, init); });

    renderPage();

    await screen.findByText('Report: Coin Haven');
    expect(calls).toBe(0);
    expect(screen.getByText(`${SENT_TEXTS.offline} (Nov 25, 2026, ${new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(Date.UTC(2026, 10, 25, 18, 5))}).`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SENT_TEXTS.checkNow })).not.toBeInTheDocument();
    expect(screen.getByText('In review')).toBeInTheDocument();
  });

  it('when the device is online but the server cannot be reached, then it says the statuses could not be checked', async () => {
    await submitAction({ type: 'report-profile', kind: 'project', profile: { name: 'Coin Haven' }, incidents: [] }, { db });
    await server.stop();

    renderPage();

    expect(await screen.findByText(SENT_TEXTS.failed)).toBeInTheDocument();
    expect(screen.getByText('In review')).toBeInTheDocument();
  });

  it('when a row is removed and the question confirmed, then it leaves the list and the device; Keep leaves it', async () => {
    await submitAction({ type: 'report-profile', kind: 'developer', profile: { name: 'Jane Roe' }, incidents: [{ description: 'x', lostAmount: '5' }] }, { db });
    const [report, incident] = await listSent(db);
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: `${SENT_TEXTS.removeName}: ${incident!.reference}` }));
    const question = await screen.findByRole('alertdialog', { name: SENT_TEXTS.removeTitle });
    expect(question).toHaveTextContent(`Incident for Jane Roe (${incident!.reference}) leaves this list.`);
    await userEvent.click(within(question).getByRole('button', { name: 'Keep' }));
    expect(await db.sent.count()).toBe(2);

    await userEvent.click(screen.getByRole('button', { name: `${SENT_TEXTS.removeName}: ${incident!.reference}` }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: SENT_TEXTS.removeConfirm }));

    await screen.findByText('Report: Jane Roe');
    await expect.poll(() => screen.queryByText('Incident for Jane Roe')).toBeNull();
    expect((await listSent(db)).map((r) => r.id)).toEqual([report!.id]);
  });
});
