// "Shared identifiers" in the details modal (issue 16, step 7), with real-shaped staff data.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpConfig } from '../../api/http';
import type { SharedIdentifier } from '../../../shared/contract/shared-identifiers';
import type { AdminCard } from './cards';
import { RequestCard } from './RequestCard';
import { RequestDetailsModal } from './RequestDetailsModal';
import { submissionLabel } from './SharedIdentifiers';
import { editRequest, onlyCard, pendingScam, staffProfile } from './test-support';

beforeEach(() => {
  configureHttp({ fetch: async () => { throw new TypeError('offline in this test'); } });
});
afterEach(() => resetHttpConfig());

const WALLET = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';

const sharedWallet: SharedIdentifier = {
  kind: 'evm', canonical: WALLET, field: 'walletAddresses', value: `ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed@1`,
  reports: 3,
  profiles: [{ id: 50, kind: 'developer', name: 'Aldric Webster', case_id: 'BUSTR-2025-0050', field: 'walletAddresses', value: WALLET }],
  submissions: [
    {
      type: 'project', id: 52, name: 'Webster Coin', profile_kind: 'project', submission_kind: 'NEW_PROJECT',
      field: 'walletAddresses', value: `ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed@1`,
    },
    {
      type: 'scam', id: 150, name: 'Aldric Webster', profile_kind: 'developer', submission_kind: null,
      field: 'walletAddresses', value: WALLET.toUpperCase().replace('0X', '0x'),
    },
  ],
};
const sharedHandle: SharedIdentifier = {
  kind: 'telegram', canonical: 'aldric_web302', field: 'telegram', value: '@aldric_web302', reports: 2,
  profiles: [{ id: 50, kind: 'developer', name: 'Aldric Webster', case_id: 'BUSTR-2025-0050', field: 'telegram', value: '@aldric_web302' }],
  submissions: [],
};

function show(card: AdminCard, openable: string[] = []) {
  const onOpenCard = vi.fn();
  render(
    <RequestDetailsModal
      card={card} open onOpenChange={vi.fn()} onModerated={vi.fn()} onSessionExpired={vi.fn()}
      canOpenCard={(key) => openable.includes(key)} onOpenCard={onOpenCard}
    />,
  );
  return { dialog: screen.getByRole('dialog'), onOpenCard };
}

const section = (dialog: HTMLElement) => within(dialog).getByRole('region', { name: 'Shared identifiers' });

describe('shared identifiers of a reported profile', () => {
  it('when its wallet is listed and named by other submissions, then the section says how many reports name it, and who holds it', () => {
    const { dialog } = show(onlyCard({ developers: [staffProfile({ shared_identifiers: [sharedWallet, sharedHandle] })] }));

    const shared = section(dialog);
    const items = within(shared).getAllByRole('listitem').filter((li) => li.classList.contains('admin-shared__item'));
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Ethereum wallet address');
    expect(items[0]).toHaveTextContent('This Ethereum wallet address is named in 3 reports.');
    expect(items[1]).toHaveTextContent('This Telegram handle is named in 2 reports.');

    const profile = within(items[0]!).getByRole('link', { name: 'Aldric Webster' });
    expect(profile).toHaveAttribute('href', '/?profile=BUSTR-2025-0050');
    expect(profile).toHaveAttribute('target', '_blank');
    expect(items[0]).toHaveTextContent(`Scammer · BUSTR-2025-0050as ${WALLET}`);
    expect(items[0]).toHaveTextContent('Also awaiting review');
    expect(items[0]).toHaveTextContent('New Project #52 Webster Coin');
    expect(items[0]).toHaveTextContent('New Scammer Scam #150 Aldric Webster');
  });

  it('when a submission that shares it waits in the panel, then it opens from here; one the panel does not list is named only', async () => {
    const { dialog, onOpenCard } = show(onlyCard({ developers: [staffProfile({ shared_identifiers: [sharedWallet] })] }), ['project:52']);

    const shared = section(dialog);
    await userEvent.click(within(shared).getByRole('button', { name: 'New Project #52' }));
    expect(onOpenCard).toHaveBeenCalledWith('project:52');
    expect(within(shared).queryByRole('button', { name: 'New Scammer Scam #150' })).toBeNull();
    expect(shared).toHaveTextContent('New Scammer Scam #150');
  });

  it('when a submission is named, then it reads as its card and its details modal\'s title read', () => {
    const named = (type: 'developer' | 'project' | 'scam', profileKind: 'developer' | 'project', submissionKind: string | null) =>
      submissionLabel({ type, id: 7, name: 'X', profile_kind: profileKind, submission_kind: submissionKind, field: 'email', value: 'x@site.example' });
    expect(named('developer', 'developer', 'NEW_DEVELOPER')).toBe('New Scammer #7');
    expect(named('developer', 'developer', 'CASE')).toBe('New Case #7');
    expect(named('project', 'project', 'NEW_PROJECT')).toBe('New Project #7');
    expect(named('scam', 'developer', null)).toBe('New Scammer Scam #7');
    expect(named('scam', 'project', null)).toBe('New Project Scam #7');
    // the same words as the modal of that scam's card
    const { dialog } = show(onlyCard({ pendingScams: [pendingScam({ id: 7, developer: null, project: 3 })] }));
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent(named('scam', 'project', null));
  });

  it('when nothing is shared, then the section says so', () => {
    const { dialog } = show(onlyCard({ developers: [staffProfile({ shared_identifiers: [] })] }));

    expect(section(dialog)).toHaveTextContent('No listed profile or other submission holds any of its identifiers.');
  });

  it('when the server sends no shared identifiers, or the card is another kind, then there is no section', () => {
    show(onlyCard({ developers: [staffProfile()] }));
    expect(screen.queryByRole('region', { name: 'Shared identifiers' })).toBeNull();
  });
});

describe('shared identifiers of a pending incident', () => {
  it('when the profile it is about holds the wallet already, then that profile is named as such', () => {
    const { dialog } = show(onlyCard({ pendingScams: [pendingScam({ developer: 50, project: null, developer_name: 'Aldric Webster', project_name: null, shared_identifiers: [sharedWallet] })] }));

    expect(section(dialog)).toHaveTextContent('the profile this scam is about');
  });

  it('when an edit request opens, then there is no shared identifiers section', () => {
    show(onlyCard({ editRequests: [editRequest()] }));
    expect(screen.queryByRole('region', { name: 'Shared identifiers' })).toBeNull();
  });
});

describe('the card', () => {
  it('when a submission shares identifiers, then its card says how many, before it is opened', () => {
    render(<RequestCard card={onlyCard({ developers: [staffProfile({ shared_identifiers: [sharedWallet, sharedHandle] })] })} onViewDetails={vi.fn()} />);
    expect(screen.getByRole('article')).toHaveTextContent('2 shared identifiers');
  });

  it('when nothing is shared, then the card says nothing of it', () => {
    render(<RequestCard card={onlyCard({ developers: [staffProfile({ shared_identifiers: [] })] })} onViewDetails={vi.fn()} />);
    expect(screen.getByRole('article')).not.toHaveTextContent('shared');
  });
});
