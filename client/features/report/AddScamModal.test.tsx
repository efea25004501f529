import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AMOUNT_RULE_MESSAGE } from '../../../shared/domain/amount';
import type { RegistryDb } from '../../local';
import { dropDb, freshDb, resetStatus } from '../../local/test-support';
import { clearFilters, setFilterValues } from '../../state/registry-query';
import { scamDraftKey } from './AddScamModal';
import { REPORT_MESSAGES } from './messages';
import { AddScamHarness, dialogNamed, fillReplica, fillRequired, typeInto } from './report-test-support';

let db: RegistryDb;
const profile = { id: 17, name: 'Jane Roe' };
const KEY = scamDraftKey('developer', 17);

beforeEach(() => {
  resetStatus();
  clearFilters();
  db = freshDb();
});

afterEach(async () => {
  cleanup(); // unmount first: the forms save their drafts as they go away
  vi.restoreAllMocks();
  clearFilters();
  await dropDb(db);
});

async function openForm(props: Partial<Parameters<typeof AddScamHarness>[0]> = {}) {
  render(<AddScamHarness kind="developer" profile={profile} mode="submit" db={db} {...props} />);
  await userEvent.click(screen.getByRole('button', { name: 'Open Add Scam' }));
  const dialog = await dialogNamed('Add Scam');
  await within(dialog).findByLabelText(/^Description/);
  return dialog;
}

const submitButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Submit' });

describe('the Add Scam modal (product.md#screens, product.md#validation)', { timeout: 20_000 }, () => {
  it('when description or lost amount is blank, then Submit is disabled; with both, it is enabled', async () => {
    const dialog = await openForm();
    expect(submitButton(dialog)).toBeDisabled();

    await typeInto(dialog, /^Description/, 'Promised a presale allocation, then vanished');
    expect(submitButton(dialog)).toBeDisabled();
    await typeInto(dialog, /^Lost amount/, '   ');
    expect(submitButton(dialog)).toBeDisabled();

    await typeInto(dialog, /^Lost amount/, '1200');
    expect(submitButton(dialog)).toBeEnabled();
  });

  it('when the lost amount is "lots", then the amount rule is shown and nothing is queued', async () => {
    const dialog = await openForm();
    await fillRequired(dialog, 'Took the money', 'lots');

    await userEvent.click(submitButton(dialog));

    expect(within(dialog).getByText(`Lost amount ${AMOUNT_RULE_MESSAGE}`)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Lost amount/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Lost amount/)).toHaveFocus();
    expect(within(dialog).getByLabelText(/^Lost amount/)).toHaveAttribute('inputmode', 'decimal');
    expect(await db.outbox.count()).toBe(0);
  });

  it('when opened, then the currency is USD, and what is typed there is upper-cased', async () => {
    const dialog = await openForm();
    const currency = within(dialog).getByLabelText('Currency');
    expect(currency).toHaveValue('USD');

    await userEvent.clear(currency);
    await userEvent.type(currency, 'usdt');

    expect(currency).toHaveValue('USDT');
  });

  it('when one company is added, then no second one can be', async () => {
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Company used' }), 'Acme Ventures{Enter}');

    expect(within(dialog).getByRole('list', { name: 'Company used: added values' })).toHaveTextContent('Acme Ventures');
    expect(within(dialog).getByRole('combobox', { name: 'Company used' })).toBeDisabled();
  });

  it('when the registry is filtered by scam types, then the known ones among them are preselected', async () => {
    setFilterValues('Scam Type', ['Phishing', 'Ponzi scheme', 'Rug Pull']);

    const dialog = await openForm();

    const chosen = within(dialog).getByRole('list', { name: 'Scam types: added values' });
    expect(within(chosen).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Rug Pull', 'Phishing']);
  });

  it('when typing in Industries, then the industries of the replica are suggested, with free text', async () => {
    await fillReplica(db, 'developer', [{ industry: ['DeFi Lending', 'Gaming'] }, { industry: ['NFT Art'] }]);
    await fillReplica(db, 'project', [{ industry: ['Decentralised Exchange'] }]);
    const dialog = await openForm();

    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Industries' }), 'de');

    expect(await within(dialog).findByRole('option', { name: 'DeFi Lending' })).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: '+ Add "de"' })).toBeInTheDocument();
    // the project's industry is not a developer's
    expect(within(dialog).queryByRole('option', { name: 'Decentralised Exchange' })).not.toBeInTheDocument();
  });

  it('when closed and opened again, or the page is reloaded, then what was entered is still there', async () => {
    const { unmount } = render(<AddScamHarness kind="developer" profile={profile} mode="submit" db={db} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open Add Scam' }));
    let dialog = await dialogNamed('Add Scam');
    await within(dialog).findByLabelText(/^Description/);
    await fillRequired(dialog, 'Fake exchange kept my deposit', '250');
    await userEvent.type(within(dialog).getByLabelText('Websites'), 'fake-exchange.example{Enter}');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open Add Scam' }));
    dialog = await dialogNamed('Add Scam');
    expect(await within(dialog).findByLabelText(/^Description/)).toHaveValue('Fake exchange kept my deposit');

    // a reload: the component goes away and comes back with only what is on the device
    unmount();
    render(<AddScamHarness kind="developer" profile={profile} mode="submit" db={db} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open Add Scam' }));
    dialog = await dialogNamed('Add Scam');
    expect(await within(dialog).findByLabelText(/^Description/)).toHaveValue('Fake exchange kept my deposit');
    expect(within(dialog).getByLabelText(/^Lost amount/)).toHaveValue('250');
    expect(within(dialog).getByText('fake-exchange.example')).toBeInTheDocument();
    expect(await db.drafts.get(KEY)).toBeDefined();
  });

  it('when Cancel is pressed, then it asks first; Keep editing keeps the draft, Discard clears it', async () => {
    const dialog = await openForm();
    await typeInto(dialog, /^Description/, 'Sent money for a job that never existed');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Discard this draft?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Sent money for a job that never existed');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(await db.drafts.get(KEY)).toBeUndefined());
    await userEvent.click(screen.getByRole('button', { name: 'Open Add Scam' }));
    expect(await within(await dialogNamed('Add Scam')).findByLabelText(/^Description/)).toHaveValue('');
  });

  it('when nothing was entered, then Cancel closes without asking', async () => {
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when there is no network, then it is queued with every field, the form is cleared and it says it will be sent later', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const dialog = await openForm();
    await fillRequired(dialog, 'Impersonated support staff', '1,250.50');
    const currency = within(dialog).getByLabelText('Currency');
    await userEvent.clear(currency);
    await userEvent.type(currency, 'eur');
    await userEvent.type(within(dialog).getByLabelText('Banks'), 'Example Bank{Enter}');
    await userEvent.type(within(dialog).getByLabelText('Bank accounts'), 'DE00 1234{Enter}');
    await userEvent.type(within(dialog).getByLabelText('Telegram handles'), '@fake_support{Enter}');

    await userEvent.click(submitButton(dialog));

    expect(await within(dialog).findByText(REPORT_MESSAGES.queued)).toBeInTheDocument();
    const [entry] = await db.outbox.toArray();
    expect(entry?.action).toMatchObject({
      type: 'add-incident', kind: 'developer', profileId: 17, profileName: 'Jane Roe',
      incident: {
        description: 'Impersonated support staff', lostAmount: 1250.5, currency: 'EUR', telegrams: ['@fake_support'],
        bankAccounts: [{ bank_name: 'Example Bank', account: 'DE00 1234' }],
      },
    });
    await waitFor(async () => expect(await db.drafts.get(KEY)).toBeUndefined());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open Add Scam' }));
    expect(await within(await dialogNamed('Add Scam')).findByLabelText(/^Description/)).toHaveValue('');
  });

  it('in draft mode, then Save hands the draft back instead of sending it', async () => {
    const onDraftSaved = vi.fn();
    render(<AddScamHarness kind="developer" profile={null} mode="draft" db={db} onDraftSaved={onDraftSaved} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open Add Scam' }));
    const dialog = await dialogNamed('Add Scam');
    await fillRequired(dialog, 'Rugged the pool', '90');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save scam' }));

    expect(onDraftSaved).toHaveBeenCalledWith(expect.objectContaining({ description: 'Rugged the pool', lostAmount: '90', currency: 'USD' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
  });
});
