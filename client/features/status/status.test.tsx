import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../local/outbox-types';
import { initialStatus, setStatus, useStatus } from '../../state/status';
import { Notice, NOTICE_VISIBLE_MS } from './Notice';
import { PendingControl, pendingLabel } from './PendingControl';
import { StatusBar } from './StatusBar';
import { StorageWarning } from './StorageWarning';
import { UpdateToast } from './UpdateToast';

const local = vi.hoisted(() => ({
  entries: [] as OutboxEntry[],
  resend: vi.fn(async (_id: string) => {}),
  discard: vi.fn(async (_id: string) => {}),
  updateAction: vi.fn(async (_id: string, _action: unknown) => {}),
}));

vi.mock('../../local', () => ({
  useOutboxEntries: () => local.entries,
  resend: local.resend,
  discard: local.discard,
  updateAction: local.updateAction,
}));

function entry(overrides: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: 'e1',
    action: {
      type: 'report-profile', kind: 'developer', profile: { name: 'Jane Roe' },
      incidents: [{ description: 'Took the money', lostAmount: '100', currency: 'USD' }],
    },
    label: 'Report scammer Jane Roe with 1 incident',
    state: 'pending',
    createdAt: Date.UTC(2025, 2, 14, 14, 5),
    updatedAt: Date.UTC(2025, 2, 14, 14, 5),
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    results: [],
    ...overrides,
  };
}

beforeEach(() => {
  useStatus.setState({ ...initialStatus, online: true });
  local.entries = [];
  vi.clearAllMocks();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the status bar', () => {
  it('when the network goes, then an Offline badge shows in a status region', () => {
    render(<StatusBar />);
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();

    act(() => setStatus({ online: false }));

    const region = screen.getAllByRole('status').find((el) => el.textContent === 'Offline');
    expect(region).toBeDefined();
  });

  it('when the first sync runs, then it shows how many profiles of how many arrived, with a progress bar', () => {
    setStatus({ syncing: true, firstSync: { done: 1200, total: 3400 } });

    render(<StatusBar />);

    expect(screen.getByText('Downloading the registry… 1,200 of 3,400')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Registry download' });
    expect(bar).toHaveAttribute('value', '1200');
    expect(bar).toHaveAttribute('max', '3400');
  });

  it('when a sync is running or has finished, then it says so', () => {
    setStatus({ syncing: true });
    const { rerender } = render(<StatusBar />);
    expect(screen.getByText('Updating…')).toBeInTheDocument();

    act(() => setStatus({ syncing: false, lastSyncedAt: Date.now() }));
    rerender(<StatusBar />);
    expect(screen.getByText(/^Updated /)).toBeInTheDocument();
  });
});

describe('the pending control', () => {
  it('when nothing waits, then there is no button', () => {
    render(<PendingControl />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('when submissions wait or were refused, then the button counts both', () => {
    expect(pendingLabel(2, 0)).toBe('2 pending');
    expect(pendingLabel(0, 1)).toBe('1 needs attention');
    expect(pendingLabel(1, 2)).toBe('1 pending · 2 need attention');
  });

  it('when opened, then each entry shows its label, state, time and the server’s message', async () => {
    setStatus({ pendingCount: 1, rejectedCount: 1 });
    local.entries = [
      entry({ id: 'a' }),
      entry({ id: 'b', label: 'Report scammer Bad Name with 1 incident', state: 'rejected', lastError: 'Full name is required' }),
    ];
    render(<PendingControl />);

    await userEvent.click(screen.getByRole('button', { name: '1 pending · 1 needs attention' }));
    // the list is loaded on first opening (issue 6)
    await screen.findByRole('dialog', { name: 'Waiting to be sent' });

    const dialog = screen.getByRole('dialog', { name: 'Waiting to be sent' });
    const [waiting, refused] = within(dialog).getAllByRole('listitem');
    expect(waiting).toHaveTextContent('Report scammer Jane Roe with 1 incident');
    expect(waiting).toHaveTextContent('Waiting to send');
    expect(waiting).toHaveTextContent('Saved Mar 14, 2025');
    expect(within(waiting!).queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    expect(refused).toHaveTextContent('Refused');
    expect(refused).toHaveTextContent('The server said: Full name is required');
  });

  it('when entries wait for different reasons, then each says its own: the network, the server not reached, a server problem with its words and next try', async () => {
    const now = Date.now();
    setStatus({ pendingCount: 3 });
    local.entries = [
      entry({ id: 'a', failure: 'offline', attempts: 1, lastError: 'The server could not be reached. Check your connection.' }),
      entry({ id: 'b', failure: 'unreachable', attempts: 1, nextAttemptAt: now + 5 * 60_000, lastError: 'The server could not be reached. Check your connection.' }),
      entry({ id: 'c', failure: 'server', attempts: 2, nextAttemptAt: now + 5 * 60_000, lastError: 'Something went wrong on our side. Please try again.' }),
    ];
    render(<PendingControl />);
    await userEvent.click(screen.getByRole('button', { name: '3 pending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waiting to be sent' });

    const [offline, unreachable, failing] = within(dialog).getAllByRole('listitem');
    expect(offline).toHaveTextContent('Waiting for the network');
    expect(offline).toHaveTextContent('It will be sent when you are back online.');
    expect(offline).not.toHaveTextContent('The server said');
    const at = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(now + 5 * 60_000);
    expect(unreachable).toHaveTextContent('Server not reached');
    expect(unreachable).toHaveTextContent(`The server could not be reached. We will try again at ${at}.`);
    expect(failing).toHaveTextContent('Server problem');
    expect(within(failing!).getByText(`The server had a problem. We will try again at ${at}.`)).toBeInTheDocument();
    expect(within(failing!).getByText(/^The server said:/).parentElement).toHaveTextContent('The server said: Something went wrong on our side. Please try again.');
    expect(failing).not.toHaveTextContent('back online');
  });

  it('when Resend is pressed on a refused entry, then it is sent again', async () => {
    setStatus({ rejectedCount: 1 });
    local.entries = [entry({ id: 'b', state: 'rejected', lastError: 'No' })];
    render(<PendingControl />);
    await userEvent.click(screen.getByRole('button', { name: '1 needs attention' }));
    // the list is loaded on first opening (issue 6)
    await screen.findByRole('dialog', { name: 'Waiting to be sent' });

    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));

    expect(local.resend).toHaveBeenCalledWith('b');
  });

  it('when a try already failed and the network is back, then Send now sends it without waiting', async () => {
    setStatus({ pendingCount: 1 });
    local.entries = [entry({ id: 'a', attempts: 2, lastError: 'Failed to fetch' })];
    render(<PendingControl />);
    await userEvent.click(screen.getByRole('button', { name: '1 pending' }));
    // the list is loaded on first opening (issue 6)
    await screen.findByRole('dialog', { name: 'Waiting to be sent' });

    expect(screen.getByText(/Last try failed \(Failed to fetch\); it will try again/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));

    expect(local.resend).toHaveBeenCalledWith('a');
  });

  it('when Discard is pressed, then it asks first and discards only on confirmation', async () => {
    setStatus({ pendingCount: 1 });
    local.entries = [entry({ id: 'a' })];
    render(<PendingControl />);
    await userEvent.click(screen.getByRole('button', { name: '1 pending' }));
    // the list is loaded on first opening (issue 6)
    await screen.findByRole('dialog', { name: 'Waiting to be sent' });

    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(local.discard).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Discard this submission?' });
    expect(confirm).toHaveTextContent('cannot be brought back');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Discard' }));
    expect(local.discard).toHaveBeenCalledWith('a');
  });

  it('when a refused entry is edited, then the changed action is saved and sent again', async () => {
    setStatus({ rejectedCount: 1 });
    local.entries = [entry({ id: 'b', state: 'rejected', lastError: 'Name looks wrong' })];
    render(<PendingControl />);
    await userEvent.click(screen.getByRole('button', { name: '1 needs attention' }));
    // the list is loaded on first opening (issue 6)
    await screen.findByRole('dialog', { name: 'Waiting to be sent' });

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Jane Q. Roe');
    await userEvent.click(screen.getByRole('button', { name: 'Save and resend' }));

    expect(local.updateAction).toHaveBeenCalledWith('b', expect.objectContaining({ profile: { name: 'Jane Q. Roe' } }));
    expect(local.resend).toHaveBeenCalledWith('b');
    expect(local.updateAction.mock.invocationCallOrder[0]!).toBeLessThan(local.resend.mock.invocationCallOrder[0]!);
  });
  it('when the server already accepted the profile of a refused report, then only its incidents can be edited', async () => {
    setStatus({ rejectedCount: 1 });
    local.entries = [entry({ id: 'b', state: 'rejected', lastError: 'Amount too large', results: [{ id: 5 }] })];
    render(<PendingControl />);
    await userEvent.click(screen.getByRole('button', { name: '1 needs attention' }));
    // the list is loaded on first opening (issue 6)
    await screen.findByRole('dialog', { name: 'Waiting to be sent' });

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));

    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Took the money');
    expect(screen.getByText(/no longer editable: Profile/)).toBeInTheDocument();
  });
});

describe('the update toast', () => {
  it('when a new version waits, then it offers Reload, which applies the update', async () => {
    const onReload = vi.fn();
    render(<UpdateToast onReload={onReload} />);
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();

    act(() => setStatus({ updateAvailable: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));

    expect(screen.getByText('A new version is available')).toBeInTheDocument();
    expect(onReload).toHaveBeenCalledOnce();
  });
});

describe('the storage warning', () => {
  it('when unsent submissions exist and storage is not persistent, then it warns calmly', () => {
    setStatus({ pendingCount: 1, storagePersisted: false });
    render(<StorageWarning />);
    expect(screen.getByText(/may clear them if it runs low on space/)).toBeInTheDocument();
  });

  it('when storage is persistent or nothing waits, then it says nothing', () => {
    setStatus({ pendingCount: 1, storagePersisted: true });
    const { rerender, container } = render(<StorageWarning />);
    expect(container).toBeEmptyDOMElement();

    act(() => setStatus({ pendingCount: 0, storagePersisted: false }));
    rerender(<StorageWarning />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the notice', () => {
  it('when a notice is set, then it is read out politely and cleared after a few seconds', () => {
    vi.useFakeTimers();
    render(<Notice />);

    act(() => setStatus({ notice: 'Sent: Report scammer Jane Roe.' }));
    const region = screen.getByText('Sent: Report scammer Jane Roe.').closest('[role="status"]');
    expect(region).toHaveAttribute('aria-live', 'polite');

    act(() => vi.advanceTimersByTime(NOTICE_VISIBLE_MS));
    expect(useStatus.getState().notice).toBeNull();
    expect(screen.queryByText('Sent: Report scammer Jane Roe.')).not.toBeInTheDocument();
  });
});
