// Report-time checks (issue 16, step 6) in the Add Scam modal and the Report wizard: a warning
// under an identifier that is not valid for its kind (still sent), "already listed" through a
// real lookup over a few listed profiles (shared/identifiers, as the app's index answers), the
// name check of step 1, typed list text that is never lost silently, and the summary's list.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDENTIFIER_PROBLEMS } from '../../../shared/identifiers';
import type { RegistryDb } from '../../local';
import { dropDb, freshDb, resetStatus } from '../../local/test-support';
import { clearFilters } from '../../state/registry-query';
import { scamDraftKey } from './AddScamModal';
import type { ReportLookup } from './checks/lookup';
import { REPORT_MESSAGES } from './messages';
import { PENDING_TITLE } from './pending-text';
import {
  AddScamHarness, dialogNamed, fillRequired, registryLookup, ReportHarness, typeInto, type ListedFixture,
} from './report-test-support';

// EIP-55's example address; the same with its last letter's case flipped fails the checksum
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const WALLET_TYPO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
// BIP-173's example P2WPKH address
const BECH32 = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const PHONE = '+61 491 570 159';

const MOON_VAULT: ListedFixture = { id: 41, profileKind: 'project', name: 'Moon Vault', walletAddresses: [WALLET], website: ['https://paypal.com'] };
const JANE: ListedFixture = { id: 17, profileKind: 'developer', name: 'Jane Roe', phone: ['+61 (0)491 570 159'], telegram: ['@aldric_web302'] };

let db: RegistryDb;

beforeEach(() => {
  resetStatus();
  clearFilters();
  db = freshDb();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false); // every submit is queued, offline
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await dropDb(db);
});

const button = (scope: HTMLElement, name: string | RegExp) => within(scope).getByRole('button', { name });

async function openAddScam(lookups: ReportLookup = {}, profile = { id: 17, name: 'Jane Roe' }) {
  render(<AddScamHarness kind="developer" profile={profile} mode="submit" db={db} lookups={lookups} />);
  await userEvent.click(screen.getByRole('button', { name: 'Open Add Scam' }));
  const dialog = await dialogNamed('Add Scam');
  await within(dialog).findByLabelText(/^Description/);
  return dialog;
}

/** Pastes a value into a list field and presses Enter, as someone pasting what they were sent. */
async function addTo(scope: HTMLElement, label: string, value: string) {
  await typeInto(scope, label, value);
  await userEvent.keyboard('{Enter}');
}

const chip = (scope: HTMLElement, label: string, value: string) =>
  within(within(scope).getByRole('list', { name: `${label}: added values` })).getByText(value).closest('li')!;

async function queuedAction() {
  await waitFor(async () => expect(await db.outbox.count()).toBe(1));
  return (await db.outbox.toArray())[0]!.action;
}

describe('identifier checks in the Add Scam modal', { timeout: 20_000 }, () => {
  it('when a wallet fails its checksum, then a warning shows under it, and the scam is still sent with it as entered', async () => {
    const dialog = await openAddScam();
    await fillRequired(dialog, 'Paid a fake broker', '500');

    await addTo(dialog, 'Wallet addresses', WALLET_TYPO);
    await addTo(dialog, 'Wallet addresses', BECH32);

    const typo = chip(dialog, 'Wallet addresses', WALLET_TYPO);
    expect(await within(typo).findByText('Not a valid Ethereum wallet address.')).toBeInTheDocument();
    expect(typo).toHaveTextContent(IDENTIFIER_PROBLEMS.checksum);
    expect(typo).toHaveTextContent('It can still be sent as you entered it.');
    // the valid one has nothing to say
    expect(chip(dialog, 'Wallet addresses', BECH32)).not.toHaveTextContent('Not a valid');

    await userEvent.click(button(dialog, 'Submit'));

    expect(await within(dialog).findByText(REPORT_MESSAGES.queued)).toBeInTheDocument();
    expect(await queuedAction()).toMatchObject({ type: 'add-incident', incident: { walletAddresses: [WALLET_TYPO, BECH32] } });
  });

  it('when a phone number is not one, then it says so under it', async () => {
    const dialog = await openAddScam();
    await addTo(dialog, 'Phone numbers', '+61 491 570');
    await addTo(dialog, 'Telegram handles', '@ab');

    expect(await within(chip(dialog, 'Phone numbers', '+61 491 570')).findByText('Not a valid phone number.')).toBeInTheDocument();
    expect(await within(chip(dialog, 'Telegram handles', '@ab')).findByText('Not a valid Telegram handle.')).toBeInTheDocument();
  });

  it('when a listed profile holds the identifier in another form, then it says "Already listed in" its name, with its link', async () => {
    const dialog = await openAddScam(registryLookup([MOON_VAULT, JANE]));

    // the lower-case form of Moon Vault's checksummed wallet, pasted as an EIP-681 link
    await addTo(dialog, 'Wallet addresses', `ethereum:${WALLET.toLowerCase()}@1?value=1e18`);

    const note = chip(dialog, 'Wallet addresses', `ethereum:${WALLET.toLowerCase()}@1?value=1e18`);
    expect(await within(note).findByText(/Already listed in/)).toHaveTextContent('Already listed in Moon Vault (a project).');
    expect(within(note).getByRole('link', { name: 'Moon Vault' })).toHaveAttribute('href', '/?profile=BUSTR-2025-0041');
    // a scam reported on a listed profile is not moved elsewhere from here
    expect(within(note).queryByRole('button', { name: /instead/ })).not.toBeInTheDocument();
  });

  it('when the identifier is listed on the profile the scam is reported on, then it says so, without a link', async () => {
    const dialog = await openAddScam(registryLookup([MOON_VAULT, JANE]), { id: 17, name: 'Jane Roe' });

    await addTo(dialog, 'Telegram handles', 'https://t.me/aldric_web302');

    expect(await within(chip(dialog, 'Telegram handles', 'https://t.me/aldric_web302')).findByText('Already listed on this profile.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Jane Roe' })).not.toBeInTheDocument();
  });

  it('when the app opens profiles itself, then the name opens it in the app', async () => {
    const openProfile = vi.fn();
    const dialog = await openAddScam(registryLookup([MOON_VAULT], openProfile));
    await addTo(dialog, 'Wallet addresses', WALLET);

    await userEvent.click(await within(dialog).findByRole('link', { name: 'Moon Vault' }));

    expect(openProfile).toHaveBeenCalledWith({ id: 41, profileKind: 'project', name: 'Moon Vault' });
  });

  it('when a website looks like a listed one, then it is called a lookalike, never listed', async () => {
    const dialog = await openAddScam(registryLookup([MOON_VAULT]));

    await addTo(dialog, 'Websites', 'https://paypa1.com/login');

    const note = chip(dialog, 'Websites', 'https://paypa1.com/login');
    expect(await within(note).findByText(/Looks like/)).toHaveTextContent('Looks like https://paypal.com, listed in Moon Vault (a project), but is not the same.');
    expect(note).not.toHaveTextContent('Already listed');
  });

  it('when the lookup fails, then the warning about the value still shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dialog = await openAddScam({ lookup: () => Promise.reject(new Error('index not ready')) });

    await addTo(dialog, 'Wallet addresses', WALLET_TYPO);

    expect(await within(chip(dialog, 'Wallet addresses', WALLET_TYPO)).findByText('Not a valid Ethereum wallet address.')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Looking up an identifier in the registry failed', expect.any(Error));
  });
});

describe('text typed in a list field but not added', { timeout: 20_000 }, () => {
  it('when Submit is pressed, then it asks first, and Add sends the text with the scam', async () => {
    const dialog = await openAddScam();
    await fillRequired(dialog, 'Called about a refund', '80');
    await typeInto(dialog, 'Phone numbers', PHONE);

    await userEvent.click(button(dialog, 'Submit'));

    const question = await screen.findByRole('alertdialog', { name: PENDING_TITLE });
    expect(question).toHaveTextContent(`Phone numbers: ${PHONE}`);
    expect(await db.outbox.count()).toBe(0);
    await userEvent.click(button(question, 'Add'));

    expect(await within(dialog).findByText(REPORT_MESSAGES.queued)).toBeInTheDocument();
    expect(await queuedAction()).toMatchObject({ incident: { phones: [PHONE] } });
  });

  it('when Go back is chosen, then nothing is sent and the text waits in its field; Discard then sends without it', async () => {
    const dialog = await openAddScam();
    await fillRequired(dialog, 'Called about a refund', '80');
    await typeInto(dialog, 'Websites', 'refund-desk.example');
    await typeInto(dialog, 'Company addresses', '1 Example Road');

    await userEvent.click(button(dialog, 'Submit'));
    let question = await screen.findByRole('alertdialog', { name: PENDING_TITLE });
    // in the order the form shows them
    expect(within(question).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Company addresses: 1 Example Road', 'Websites: refund-desk.example',
    ]);
    await userEvent.click(button(question, 'Go back'));

    await waitFor(() => expect(within(dialog).getByLabelText('Company addresses')).toHaveFocus());
    expect(within(dialog).getByLabelText('Websites')).toHaveValue('refund-desk.example');
    expect(await db.outbox.count()).toBe(0);

    await userEvent.click(button(dialog, 'Submit'));
    question = await screen.findByRole('alertdialog', { name: PENDING_TITLE });
    await userEvent.click(button(question, 'Discard'));

    expect(await within(dialog).findByText(REPORT_MESSAGES.queued)).toBeInTheDocument();
    expect(await queuedAction()).toMatchObject({ incident: { websites: [], companyAddresses: [] } });
  });

  it('when the form is closed, then it asks too, and what is added is kept with the draft', async () => {
    const dialog = await openAddScam();
    await typeInto(dialog, 'Telegram handles', '@refund_desk');

    await userEvent.click(button(dialog, 'Close'));
    await userEvent.click(button(await screen.findByRole('alertdialog', { name: PENDING_TITLE }), 'Add'));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Scam' })).not.toBeInTheDocument());
    await waitFor(async () => expect((await db.drafts.get(scamDraftKey('developer', 17)))?.value).toMatchObject({ telegramHandles: ['@refund_desk'] }));
  });

  it('when a value cannot be added (already there), then the question closes on that field, which says why', async () => {
    const dialog = await openAddScam();
    await fillRequired(dialog, 'Called about a refund', '80');
    await addTo(dialog, 'Websites', 'refund-desk.example');
    await typeInto(dialog, 'Websites', 'REFUND-DESK.example');

    await userEvent.click(button(dialog, 'Submit'));
    await userEvent.click(button(await screen.findByRole('alertdialog', { name: PENDING_TITLE }), 'Add'));

    expect(await within(dialog).findByText('"REFUND-DESK.example" is already added.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Websites')).toHaveFocus());
    expect(await db.outbox.count()).toBe(0);
  });
});

async function openWizard(lookups: ReportLookup = {}, kind: 'developer' | 'project' = 'developer') {
  render(<ReportHarness kind={kind} db={db} lookups={lookups} />);
  await userEvent.click(screen.getByRole('button', { name: kind === 'developer' ? 'Report Person' : 'Report Project' }));
  const dialog = await dialogNamed(kind === 'developer' ? 'Report a person' : 'Report a project');
  await within(dialog).findByText('Step 1 of 3');
  return dialog;
}

async function toStep3(wizard: HTMLElement, name = 'Aldric Web') {
  await typeInto(wizard, /^Full name/, name);
  await userEvent.click(button(wizard, 'Next'));
  await userEvent.click(button(wizard, 'Next'));
  await within(wizard).findByText('Step 3 of 3');
}

/** Opens a new scam's editor in the wizard, with its required fields filled. */
async function newScam(wizard: HTMLElement, description: string, amount = '100') {
  await userEvent.click(button(wizard, 'Add a scam'));
  const editor = await dialogNamed('Add Scam');
  await within(editor).findByLabelText(/^Description/);
  await fillRequired(editor, description, amount);
  return editor;
}

async function saveScam(editor: HTMLElement) {
  await userEvent.click(button(editor, 'Save scam'));
  await waitFor(() => expect(editor).not.toBeInTheDocument());
}

describe('checks in the Report wizard', { timeout: 30_000 }, () => {
  it('when the full name is already listed, then step 1 says so, and a scam can be added to that profile instead', async () => {
    const wizard = await openWizard(registryLookup([MOON_VAULT, JANE]));

    await typeInto(wizard, /^Full name/, '  jane   ROE ');

    const note = await within(wizard).findByText(/is already listed/, {}, { timeout: 3_000 });
    expect(note).toHaveTextContent('A profile named Jane Roe is already listed (a person).');
    expect(within(wizard).getByRole('link', { name: 'Jane Roe' })).toHaveAttribute('href', '/?profile=BUSTR-2025-0017');

    await userEvent.click(button(wizard, 'Add a scam to Jane Roe instead'));
    const addScam = await dialogNamed('Add Scam');
    expect(addScam).toHaveTextContent('A scam by Jane Roe.');
    await fillRequired(addScam, 'Sold me a course', '300');
    await userEvent.click(button(addScam, 'Submit'));

    expect(await within(addScam).findByText(REPORT_MESSAGES.queued)).toBeInTheDocument();
    expect(await queuedAction()).toMatchObject({ type: 'add-incident', kind: 'developer', profileId: 17, profileName: 'Jane Roe' });
  });

  it('when another name is typed, then nothing is pointed out', async () => {
    const wizard = await openWizard(registryLookup([JANE]));
    await typeInto(wizard, /^Full name/, 'Jane Roes');
    await new Promise((resolve) => setTimeout(resolve, 600)); // past the debounce
    expect(within(wizard).queryByText(/is already listed/)).not.toBeInTheDocument();
  });

  it('when a scam\'s wallet is already listed, then the scam can go to that profile instead of a new one', async () => {
    const wizard = await openWizard(registryLookup([MOON_VAULT]));
    await toStep3(wizard);
    const editor = await newScam(wizard, 'Rugged the pool');
    await addTo(editor, 'Wallet addresses', WALLET.toLowerCase());

    await userEvent.click(await within(editor).findByRole('button', { name: 'Add this scam to Moon Vault instead' }));

    // the editor hands the scam over: Moon Vault's Add Scam opens with it
    await waitFor(() => expect(editor).not.toBeInTheDocument());
    const target = await dialogNamed('Add Scam');
    expect(target).toHaveTextContent('A scam by Moon Vault.');
    expect(within(target).getByLabelText(/^Description/)).toHaveValue('Rugged the pool');
    expect(within(target).getByText(WALLET.toLowerCase())).toBeInTheDocument();
    expect(within(wizard).getByText('Scams (0)')).toBeInTheDocument();

    await userEvent.click(button(target, 'Submit'));
    expect(await within(target).findByText(REPORT_MESSAGES.queued)).toBeInTheDocument();
    expect(await queuedAction()).toMatchObject({
      type: 'add-incident', kind: 'project', profileId: 41, incident: { description: 'Rugged the pool', walletAddresses: [WALLET.toLowerCase()] },
    });
  });

  it('when Next is pressed with a language typed but not added, then it asks first, and Add keeps it', async () => {
    const wizard = await openWizard();
    await typeInto(wizard, /^Full name/, 'Aldric Web');
    await typeInto(wizard, 'Languages', 'Examplish');

    await userEvent.click(button(wizard, 'Next'));
    const question = await screen.findByRole('alertdialog', { name: PENDING_TITLE });
    expect(question).toHaveTextContent('Languages: Examplish');
    expect(within(wizard).getByText('Step 1 of 3')).toBeInTheDocument();
    await userEvent.click(button(question, 'Add'));

    expect(await within(wizard).findByText('Step 2 of 3')).toBeInTheDocument();
    await userEvent.click(button(wizard, 'Previous'));
    expect(within(wizard).getByRole('list', { name: 'Languages: added values' })).toHaveTextContent('Examplish');
  });

  it('when a scam is saved with a wallet typed but not added, then it asks, and Add saves it with the scam', async () => {
    const wizard = await openWizard();
    await toStep3(wizard);
    const editor = await newScam(wizard, 'Fake staking pool');
    await typeInto(editor, 'Wallet addresses', WALLET);

    await userEvent.click(button(editor, 'Save scam'));
    await userEvent.click(button(await screen.findByRole('alertdialog', { name: PENDING_TITLE }), 'Add'));

    await waitFor(() => expect(editor).not.toBeInTheDocument());
    const summary = within(wizard).getByRole('region', { name: 'Summary of the report' });
    expect(within(summary).getByRole('list', { name: 'Wallet addresses' })).toHaveTextContent(WALLET);
  });

  it('when the report is reviewed, then the final step lists the identifiers to be sent, grouped, each once, with warnings', async () => {
    const wizard = await openWizard(registryLookup([JANE]));
    await toStep3(wizard);
    expect(within(wizard).getByRole('region', { name: 'Summary of the report' })).toHaveTextContent('Identifiers to be sent');
    expect(within(wizard).getByText(/^None yet\./)).toHaveTextContent(
      'None yet. Wallet addresses, phone numbers, email addresses, websites, Telegram handles, bank accounts and IP addresses are entered with each scam.',
    );

    let editor = await newScam(wizard, 'First contact');
    await addTo(editor, 'Wallet addresses', WALLET_TYPO);
    await addTo(editor, 'Phone numbers', PHONE);
    await saveScam(editor);
    editor = await newScam(wizard, 'Second payment');
    await addTo(editor, 'Wallet addresses', WALLET);
    await addTo(editor, 'Phone numbers', PHONE);
    await addTo(editor, 'Telegram handles', '@refund_desk');
    await saveScam(editor);

    const summary = within(wizard).getByRole('region', { name: 'Summary of the report' });
    const groups = within(summary).getAllByRole('term').map((dt) => dt.textContent);
    expect(groups).toEqual(expect.arrayContaining(['Wallet addresses (2)', 'Phone numbers (1)', 'Telegram handles (1)']));
    expect(groups.indexOf('Wallet addresses (2)')).toBeLessThan(groups.indexOf('Phone numbers (1)'));
    const wallets = within(summary).getByRole('list', { name: 'Wallet addresses' });
    expect(within(wallets).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual([WALLET_TYPO, WALLET]);
    expect(await within(wallets).findByText('Not a valid Ethereum wallet address.')).toBeInTheDocument();
    const phones = within(summary).getByRole('list', { name: 'Phone numbers' });
    expect(await within(phones).findByText(/Already listed in/)).toHaveTextContent('Already listed in Jane Roe (a person).');
  });
});
