import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistryDb } from '../../local';
import { dropDb } from '../../local/test-support';
import { applySearch, clearFilters, useRegistryQuery } from '../../state/registry-query';
import { ProfileModal } from './ProfileModal';
import { localIncident, localProfile, replicaWith } from './test-support';

let db: RegistryDb;

const ada = localProfile({
  id: 42, name: 'Ada Example', nickname: 'ada', location: 'Lisbon', nationality: 'Examplian', gender: 'Female',
  languages: ['English', 'Portuguese'], company: ['Example Labs'], companiesUsed: ['Moon Ventures'], industry: ['DeFi'],
  bio: 'Ran <b>fake</b> token launches.',
  walletAddresses: ['0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432abcdef0123456789abcdef01'],
  telegram: ['@ada_example'], email: ['ada@example.test'], phone: ['+1 555 0100'], website: ['https://moon.example'],
  bankAccounts: [{ bank_name: 'Example Bank', account: '0001' }], ipAddresses: ['203.0.113.9'],
});

beforeEach(() => clearFilters());

afterEach(async () => {
  vi.restoreAllMocks();
  if (db) await dropDb(db);
});

function open(profile = ada, onAddIncident = vi.fn()) {
  render(<ProfileModal profile={profile} open onOpenChange={() => {}} onAddIncident={onAddIncident} db={db} />);
  return { onAddIncident, dialog: screen.getByRole('dialog', { name: profile.name }) };
}

describe('the profile modal', () => {
  it('when it opens, then it shows who the profile is, its fixed labels and its identifiers as text', async () => {
    db = await replicaWith([ada]);

    const { dialog } = open();

    const d = within(dialog);
    expect(d.getByRole('heading', { name: 'Ada Example' })).toBeInTheDocument();
    expect(d.getByText('“ada”')).toBeInTheDocument();
    expect(d.getByText('BUSTR-2025-0042')).toBeInTheDocument();
    expect(d.getByRole('img', { name: 'Ada Example' })).toHaveTextContent('AE');
    for (const text of ['Lisbon', 'Examplian', 'Female', 'English, Portuguese', 'Example Labs, Moon Ventures', 'Medium', 'Attachments (0)']) {
      expect(d.getByText(text)).toBeInTheDocument();
    }
    // user text is text, never markup
    expect(d.getByText('Ran <b>fake</b> token launches.')).toBeInTheDocument();
    for (const id of ['0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432abcdef0123456789abcdef01', '@ada_example', 'ada@example.test',
      '+1 555 0100', 'https://moon.example', 'Example Bank: 0001', '203.0.113.9']) {
      expect(d.getByText(id)).toBeInTheDocument();
    }
    expect(d.queryByRole('link', { name: 'https://moon.example' })).not.toBeInTheDocument();
    expect(await d.findByText('No incidents recorded.')).toBeInTheDocument();
  });

  it('when incidents are still loading, then it says so, then lists them newest first with 10-character dates', async () => {
    db = await replicaWith([ada], [
      localIncident(42, { id: 1, occurred: '2023-11-02T08:00:00Z', types: ['Phishing'], amount: 200 }),
      localIncident(42, { id: 2, occurred: '2024-03-14T09:30:00Z', types: ['Rug Pull', 'Exit Scam'], amount: 1500.5 }),
    ]);

    const { dialog } = open();

    expect(within(dialog).getByText('Loading incidents…')).toBeInTheDocument();
    const items = await within(dialog).findAllByRole('button', { name: /^Incident of/ });
    expect(items.map((b) => b.querySelector('.incident-list__date')?.textContent)).toEqual(['2024-03-14', '2023-11-02']);
    expect(within(dialog).queryByText('Loading incidents…')).not.toBeInTheDocument();
    expect(within(dialog).getByText('1,500.5 USD')).toBeInTheDocument();
  });

  it('when the replica cannot be read, then it says Failed to load incidents: with the reason, and lists none', async () => {
    db = await replicaWith([ada], [localIncident(42, { id: 1 })]);
    db.close(); // the read fails as a broken IndexedDB would
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    const { dialog } = open();

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to load incidents: .*Database has been closed/);
    expect(logged).toHaveBeenCalled();
    expect(within(dialog).queryByRole('button', { name: /^Incident of/ })).not.toBeInTheDocument();
  });

  it('when incidents have amounts, then the total reported loss adds them in dollars', async () => {
    db = await replicaWith([ada], [
      localIncident(42, { id: 1, amount: 1500, currency: 'USD' }),
      localIncident(42, { id: 2, amount: 250.5, currency: 'USD' }),
      localIncident(42, { id: 3, amount: null }),
    ]);

    const { dialog } = open();

    expect(await within(dialog).findByText('$1,750.50')).toBeInTheDocument();
    expect(within(dialog).queryByText(/not converted/)).not.toBeInTheDocument();
  });

  it('when some amounts are in other currencies, then only dollars are summed and the rest is listed as reported', async () => {
    db = await replicaWith([ada], [
      localIncident(42, { id: 1, amount: 1000, currency: 'USD' }),
      localIncident(42, { id: 2, amount: 2, currency: 'BTC' }),
    ]);

    const { dialog } = open();

    expect(await within(dialog).findByText('$1,000')).toBeInTheDocument();
    expect(within(dialog).getByText('Plus, not converted: 2 BTC')).toBeInTheDocument();
  });

  it('when no filter or search is active, then the match is 100% and green', async () => {
    db = await replicaWith([ada]);

    const { dialog } = open();

    const match = within(dialog).getByText('100%').closest('.profile-match');
    expect(match).toHaveClass('profile-match--green');
    expect(match).toHaveTextContent('100%Match');
    await within(dialog).findByText('No incidents recorded.');
  });

  it('when filters are active, then the match is the share of criteria the profile meets, with its colour', async () => {
    db = await replicaWith([ada]);
    applySearch('', { Industry: ['DeFi', 'Gaming'] });

    const { dialog } = open();

    expect((await within(dialog).findByText('50%')).closest('.profile-match')).toHaveClass('profile-match--red');
    await within(dialog).findByText('No incidents recorded.');
  });

  it('when an incident is chosen, then its scam details open on top', async () => {
    db = await replicaWith([ada], [localIncident(42, { id: 1, types: ['Rug Pull'], amount: 1500, currency: 'USD' })]);
    open();

    await userEvent.click(await screen.findByRole('button', { name: /^Incident of 2024-03-14/ }));

    const detail = screen.getByRole('dialog', { name: 'Scam Details - Ada Example' });
    expect(within(detail).getByText('Financial Impact')).toBeInTheDocument();
    expect(within(detail).getByText('1,500 USD')).toBeInTheDocument();

    // (Escape goes to the top layer once it has taken focus)
    await waitFor(() => expect(detail).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Scam Details - Ada Example' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Ada Example' })).toBeInTheDocument();
  });

  it('when Report an Incident is pressed, then the app is asked to open Add Scam for this profile', async () => {
    db = await replicaWith([ada]);
    const { onAddIncident } = open();

    await userEvent.click(screen.getByRole('button', { name: 'Report an Incident' }));

    expect(onAddIncident).toHaveBeenCalledWith(ada);
  });

  it('when Request Changes or Request Removal is pressed, then their dialogs open, and no Provide Info action exists', async () => {
    db = await replicaWith([ada], [localIncident(42, { id: 1 })]);
    open();
    await screen.findByRole('button', { name: /^Incident of/ });

    expect(screen.queryByRole('button', { name: /Provide Info/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request Changes' }));
    expect(screen.getByRole('dialog', { name: 'Submit Changes for Ada Example' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Request Removal' }));
    expect(screen.getByRole('dialog', { name: 'Case Removal Request' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Submit Changes for Ada Example' })).not.toBeInTheDocument());
  });

  it('when Escape is pressed in the edit dialog, then only it closes and focus goes back to Request Changes', async () => {
    db = await replicaWith([ada], [localIncident(42, { id: 1 })]);
    open();
    await screen.findByRole('button', { name: /^Incident of/ });

    await userEvent.click(screen.getByRole('button', { name: 'Request Changes' }));
    expect(screen.getByRole('dialog', { name: 'Submit Changes for Ada Example' })).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'Submit Changes for Ada Example' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Ada Example' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Changes' })).toHaveFocus();
  });
});

describe('the profile modal opened by a lookup', () => {
  // EIP-55's first example address
  const aldric = localProfile({
    id: 222, name: 'Aldric Web', telegram: ['@aldric_web302'], phone: ['+61 (0)491 570 159'],
    walletAddresses: ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  });

  it('when the search is an identifier the profile holds, then a Matched row with its field and value comes before the details', async () => {
    db = await replicaWith([aldric]);
    applySearch('https://t.me/aldric_web302', {});

    const { dialog } = open(aldric);

    const matched = await within(dialog).findByRole('region', { name: 'Matched' });
    expect(matched).toHaveTextContent('Telegram handle');
    expect(within(matched).getByText('@aldric_web302')).toBeInTheDocument();
    // at the top: before the reported loss, the facts and the identifiers
    const loss = within(dialog).getByText('Total reported loss');
    expect(matched.compareDocumentPosition(loss) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // and the same value is marked where the identifiers are listed
    const listed = within(within(dialog).getByRole('region', { name: 'Identifiers' })).getByText('@aldric_web302');
    expect(listed).toHaveClass('identifier-list__matched');
    await within(dialog).findByText('No incidents recorded.');
  });

  it('when its card hands over the match it showed for this search, then the modal shows that one, at once', async () => {
    db = await replicaWith([aldric]);
    applySearch('@aldric_web302', {});
    const { query, filters } = useRegistryQuery.getState();
    const match = { profileId: aldric.id, query, filters, score: 42, matched: { kind: 'telegram' as const, field: 'telegram' as const, value: '@aldric_web302' } };

    render(<ProfileModal profile={aldric} open onOpenChange={() => {}} onAddIncident={vi.fn()} db={db} match={match} />);

    const dialog = screen.getByRole('dialog', { name: aldric.name });
    expect(within(dialog).getByText('42%')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Matched' })).toHaveTextContent('Telegram handle@aldric_web302');
    await within(dialog).findByText('No incidents recorded.');
  });

  it('when the search has changed since the card, then its match is not taken: the modal computes it', async () => {
    db = await replicaWith([aldric]);
    applySearch('@aldric_web302', {});
    const { filters } = useRegistryQuery.getState();
    const match = { profileId: aldric.id, query: 'something else', filters, score: 42, matched: null };

    render(<ProfileModal profile={aldric} open onOpenChange={() => {}} onAddIncident={vi.fn()} db={db} match={match} />);

    const dialog = screen.getByRole('dialog', { name: aldric.name });
    expect(await within(dialog).findByText('100%')).toBeInTheDocument();
    expect(within(dialog).queryByText('42%')).not.toBeInTheDocument();
    await within(dialog).findByText('No incidents recorded.');
  });

  it('when the search is a phone number in another form, then the number as the profile lists it is the one matched', async () => {
    db = await replicaWith([aldric]);
    applySearch('tel:+61491570159', {});

    const { dialog } = open(aldric);

    const matched = await within(dialog).findByRole('region', { name: 'Matched' });
    expect(matched).toHaveTextContent('Phone number');
    expect(matched).toHaveTextContent('+61 (0)491 570 159');
    await within(dialog).findByText('No incidents recorded.');
  });

  it('when the search is a name or no search is active, then there is no Matched row', async () => {
    db = await replicaWith([aldric]);
    applySearch('Aldric', {});
    const { dialog } = open(aldric);

    expect(within(dialog).queryByRole('region', { name: 'Matched' })).not.toBeInTheDocument();
    await within(dialog).findByText('No incidents recorded.');
  });

  it('when it has no profile but says why, then its title and text are what it was given', () => {
    render(<ProfileModal profile={null} absent={{ title: 'BUSTR-2025-0999', text: 'No listed profile has the case ID BUSTR-2025-0999.' }}
      open onOpenChange={() => {}} onAddIncident={() => {}} />);

    const dialog = screen.getByRole('dialog', { name: 'BUSTR-2025-0999' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('No listed profile has the case ID BUSTR-2025-0999.');
    expect(within(dialog).queryByRole('button', { name: 'Report an Incident' })).not.toBeInTheDocument();
  });
});
