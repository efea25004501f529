import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalIncident, LocalProfile, OutboxEntry, RegistryDb } from '../../local';
import { dropDb, freshDb } from '../../local/test-support';
import { EditRequestDialog } from './EditRequestDialog';
import { EDIT_REQUEST_CONTACT } from './edit-request-form';
import { goOffline, localIncident, localProfile } from './test-support';

let db: RegistryDb;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await dropDb(db);
});

const ada = localProfile({ id: 42, name: 'Ada Example', gender: 'Female', bio: 'Old bio', languages: ['English'] });
const newest = localIncident(42, {
  id: 8, occurred: '2024-03-14T09:30:00Z', types: ['Rug Pull'], amount: 1500, currency: 'USD',
  bank_accounts: [{ bank_name: 'Example Bank', account: '0001' }],
});
const older = localIncident(42, { id: 3, occurred: '2023-01-02T00:00:00Z', types: ['Phishing'], amount: 200, currency: 'EUR' });

function renderDialog(incidents: readonly LocalIncident[] | null, profile: LocalProfile = ada) {
  db = freshDb();
  const onSubmitted = vi.fn();
  const onOpenChange = vi.fn();
  const view = render(
    <EditRequestDialog profile={profile} incidents={incidents} open onOpenChange={onOpenChange} onSubmitted={onSubmitted} db={db} />,
  );
  const dialog = () => within(screen.getByRole('dialog', { name: `Submit Changes for ${profile.name}` }));
  return { ...view, dialog, onSubmitted, onOpenChange };
}

async function queued(): Promise<OutboxEntry[]> {
  return db.outbox.toArray();
}

describe('the edit-request dialog', () => {
  it('when it opens, then it has the spec title, six sections and the two buttons', () => {
    const { dialog } = renderDialog([newest]);

    for (const section of ['Target Selection', 'Profile Information', 'Financial Information', 'Company Information',
      'Contact Information', 'Technical Information']) {
      expect(dialog().getByRole('group', { name: section })).toBeInTheDocument();
    }
    expect(dialog().getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(dialog().getByRole('button', { name: 'Submit Changes' })).toBeInTheDocument();
  });

  it('when the incidents load, then the first is chosen and its fields fill the form', () => {
    const { dialog, rerender, onSubmitted, onOpenChange } = renderDialog(null);
    expect(dialog().getByLabelText('Incident to update')).toBeDisabled();
    expect(dialog().getByText('Loading incidents…')).toBeInTheDocument();

    rerender(<EditRequestDialog profile={ada} incidents={[newest, older]} open onOpenChange={onOpenChange} onSubmitted={onSubmitted} db={db} />);

    const select = dialog().getByLabelText<HTMLSelectElement>('Incident to update');
    expect(select).toBeEnabled();
    expect(select.value).toBe('8');
    expect(select.selectedOptions[0]?.textContent).toBe('2024-03-14 · Rug Pull · 1,500 USD');
    expect(dialog().getByLabelText('Amount lost')).toHaveValue('1500');
    expect(dialog().getByLabelText('Bank name 1')).toHaveValue('Example Bank');
    expect(dialog().getByLabelText('Name')).toHaveValue('Ada Example');
    expect(dialog().getByLabelText('Gender')).toHaveValue('Female');
  });

  it('when another incident is chosen, then its values replace the form\'s', async () => {
    const { dialog } = renderDialog([newest, older]);

    await userEvent.selectOptions(dialog().getByLabelText('Incident to update'), '3');

    expect(dialog().getByLabelText('Amount lost')).toHaveValue('200');
    expect(dialog().getByLabelText('Currency')).toHaveValue('EUR');
  });

  it('when a few fields change, then only those are queued: amount as a number, currency upper case, banks paired', async () => {
    cleanups.push(goOffline());
    const { dialog, onSubmitted, onOpenChange } = renderDialog([newest, older]);
    const d = dialog();

    await userEvent.clear(d.getByLabelText('Bio'));
    await userEvent.type(d.getByLabelText('Bio'), 'Now runs a fake exchange.');
    await userEvent.clear(d.getByLabelText('Amount lost'));
    await userEvent.type(d.getByLabelText('Amount lost'), '2,500.75');
    await userEvent.clear(d.getByLabelText('Currency'));
    await userEvent.type(d.getByLabelText('Currency'), 'usdt');
    expect(d.getByLabelText('Currency')).toHaveValue('USDT');
    await userEvent.click(d.getByRole('button', { name: 'Add a bank account' }));
    await userEvent.click(d.getByRole('button', { name: 'Add a bank account' }));
    await userEvent.type(d.getByLabelText('Account 3'), 'DE89 3704 0044 0532 0130 00');
    await userEvent.click(d.getByRole('button', { name: 'Submit Changes' }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(expect.objectContaining({ tone: 'queued', text: 'Saved. It will be sent when you are back online.' })));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const [entry] = await queued();
    expect(entry?.action).toEqual({
      type: 'edit-request', kind: 'developer', profileId: 42, profileName: 'Ada Example',
      request: {
        developer: 42, full_name: 'Anonymous', contact_information: EDIT_REQUEST_CONTACT,
        case_id: `EDITREQ-${new Date().getFullYear()}-0042`, scam: 8, target_type: 'both',
        proposed_changes: {
          developer: { bio: 'Now runs a fake exchange.' },
          append: { scam_updates: [{ id: 8, set: {
            amount: 2500.75, currency: 'USDT',
            bankAccounts: [{ bank_name: 'Example Bank', account: '0001' }, { bank_name: '', account: 'DE89 3704 0044 0532 0130 00' }],
          } }] },
        },
      },
    });
  });

  it('when nothing changed, then it says so and queues nothing', async () => {
    cleanups.push(goOffline());
    const { dialog, onSubmitted } = renderDialog([newest]);

    await userEvent.click(dialog().getByRole('button', { name: 'Submit Changes' }));

    expect(dialog().getByRole('alert')).toHaveTextContent('Nothing has changed yet');
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(await queued()).toEqual([]);
  });

  it('when the profile id is not a number, then it alerts Missing target id and queues nothing', async () => {
    cleanups.push(goOffline());
    const broken = { ...ada, id: Number('abc') };
    const { dialog, onSubmitted } = renderDialog([], broken);

    await userEvent.type(dialog().getByLabelText('Nationality'), 'n');
    await userEvent.click(dialog().getByRole('button', { name: 'Submit Changes' }));

    expect(dialog().getByRole('alert')).toHaveTextContent(/^Missing target id$/);
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(await queued()).toEqual([]);
  });

  it('when the amount breaks the rule, then the rule shows by the amount, which takes the focus, and nothing is queued', async () => {
    cleanups.push(goOffline());
    const { dialog } = renderDialog([newest]);

    await userEvent.clear(dialog().getByLabelText('Amount lost'));
    await userEvent.type(dialog().getByLabelText('Amount lost'), 'lots');
    await userEvent.click(dialog().getByRole('button', { name: 'Submit Changes' }));

    const amount = dialog().getByLabelText('Amount lost');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveFocus();
    expect(amount).toHaveAccessibleDescription(/^Amount must be an amount like 1250 or 1250.50/);
    expect(await queued()).toEqual([]);
  });

  it('when the profile has no incidents, then only Profile Information can change', () => {
    const { dialog } = renderDialog([]);

    expect(dialog().getByText('This case has no incidents yet, so only its Profile Information can be changed.')).toBeInTheDocument();
    expect(dialog().queryByRole('group', { name: 'Financial Information' })).not.toBeInTheDocument();
  });

  it('when Cancel is pressed after typing, then it closes and opens again with the replica\'s values', async () => {
    const { dialog, onOpenChange, rerender, onSubmitted } = renderDialog([newest]);
    await userEvent.type(dialog().getByLabelText('Location'), ' (moved)');

    await userEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    rerender(<EditRequestDialog profile={ada} incidents={[newest]} open={false} onOpenChange={onOpenChange} onSubmitted={onSubmitted} db={db} />);
    rerender(<EditRequestDialog profile={ada} incidents={[newest]} open onOpenChange={onOpenChange} onSubmitted={onSubmitted} db={db} />);

    expect(dialog().getByLabelText('Location')).toHaveValue(ada.location);
  });
});
