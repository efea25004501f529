import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileQuery } from '../../local';
import { initialStatus, setStatus, useStatus } from '../../local/status-store';
import { RegistryPage } from './RegistryPage';

interface Row { id: number; kind: 'developer' | 'project'; name: string; nickname: string; scam_type: string[] }

const local = vi.hoisted(() => ({
  rows: [] as Row[],
  version: 0,
  calls: [] as unknown[],
}));

vi.mock('../../local', () => ({
  useRegistryVersion: () => local.version,
  queryProfiles: async ({ kind, term = '', offset = 0, limit = 20 }: ProfileQuery) => {
    local.calls.push({ kind, term, offset, limit });
    const matches = local.rows.filter((r) => r.kind === kind && r.name.toLowerCase().includes(term.toLowerCase()));
    return { total: matches.length, profiles: matches.slice(offset, offset + limit) };
  },
}));

const person = (id: number, name: string, extra: Partial<Row> = {}): Row => ({ id, kind: 'developer', name, nickname: '', scam_type: [], ...extra });

beforeEach(() => {
  useStatus.setState({ ...initialStatus, online: true });
  local.rows = [];
  local.version = 0;
  local.calls = [];
});

describe('the registry list', () => {
  it('when nothing has been downloaded yet, then it says Loading profiles...', async () => {
    render(<RegistryPage />);

    expect(screen.getByText('Loading profiles...')).toBeInTheDocument();
    await waitFor(() => expect(local.calls).toHaveLength(1));
    expect(screen.getByText('Loading profiles...')).toBeInTheDocument();
  });

  it('when profiles are on this device, then each card shows name, nickname in quotes and two scam types', async () => {
    setStatus({ lastSyncedAt: Date.now() });
    local.rows = [person(1, 'Jane Roe', { nickname: 'JR', scam_type: ['Rug Pull', 'Phishing', 'Exit Scam'] })];

    render(<RegistryPage />);

    expect(await screen.findByRole('heading', { name: 'Jane Roe' })).toBeInTheDocument();
    expect(screen.getByText('"JR"')).toBeInTheDocument();
    expect(screen.getByText('Rug Pull')).toBeInTheDocument();
    expect(screen.getByText('Phishing')).toBeInTheDocument();
    expect(screen.queryByText('Exit Scam')).not.toBeInTheDocument();
    expect(screen.getByText('+1 more')).toBeInTheDocument();
    expect(screen.getByText('This registry is for demonstration only and not real cases.')).toBeInTheDocument();
  });

  it('when there are more than 20, then Next and Previous move between pages of 20', async () => {
    setStatus({ lastSyncedAt: Date.now() });
    local.rows = Array.from({ length: 45 }, (_, i) => person(i + 1, `Person ${String(i + 1).padStart(2, '0')}`));
    render(<RegistryPage />);
    expect(await screen.findByRole('heading', { name: 'Person 01' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Person 21' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'Person 01' })).toBeInTheDocument();
  });

  it('when a term is typed, then only matches show, and Clear Filters empties it when none match', async () => {
    setStatus({ lastSyncedAt: Date.now() });
    local.rows = [person(1, 'Jane Roe'), person(2, 'John Doe')];
    render(<RegistryPage />);
    await screen.findByRole('heading', { name: 'John Doe' });

    await userEvent.type(screen.getByLabelText('Search the registry'), 'jane');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'John Doe' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Jane Roe' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search the registry'), 'zzz');
    expect(await screen.findByText('No scammer profiles found matching your criteria')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByRole('heading', { name: 'John Doe' })).toBeInTheDocument();
  });

  it('when Projects is chosen, then projects are read and the report button follows the kind', async () => {
    setStatus({ lastSyncedAt: Date.now() });
    local.rows = [person(1, 'Jane Roe'), { ...person(2, 'Moon Coin'), kind: 'project' }];
    render(<RegistryPage reportAction={(kind) => <button type="button">report {kind}</button>} />);
    await screen.findByRole('heading', { name: 'Jane Roe' });

    await userEvent.click(screen.getByRole('button', { name: 'Projects' }));

    expect(await screen.findByRole('heading', { name: 'Moon Coin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Projects' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'report project' })).toBeInTheDocument();
  });

  it('when a sync changes the replica, then the list is read again', async () => {
    setStatus({ lastSyncedAt: Date.now() });
    local.rows = [person(1, 'Jane Roe'), person(2, 'John Doe')];
    const { rerender } = render(<RegistryPage />);
    await screen.findByRole('heading', { name: 'John Doe' });

    local.rows = [person(1, 'Jane Roe')];
    local.version = 1;
    rerender(<RegistryPage />);

    await waitFor(() => expect(screen.queryByRole('heading', { name: 'John Doe' })).not.toBeInTheDocument());
  });

  it('when offline with nothing downloaded, then it says the registry will download later', async () => {
    render(<RegistryPage />);
    act(() => setStatus({ online: false }));

    expect(await screen.findByText(/has not been downloaded to this device yet/)).toBeInTheDocument();
  });
});
