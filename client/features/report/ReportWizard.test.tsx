import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistryDb } from '../../local';
import { dropDb, freshDb, resetStatus } from '../../local/test-support';
import { clearFilters } from '../../state/registry-query';
import { REPORT_MESSAGES } from './messages';
import { wizardKey } from './ReportWizard';
import { dialogNamed, fillRequired, ReportHarness, typeInto } from './report-test-support';
import type { WizardState } from './wizard-state';

let db: RegistryDb;

beforeEach(() => {
  resetStatus();
  clearFilters();
  db = freshDb();
});

afterEach(async () => {
  cleanup(); // unmount first: the forms save their drafts as they go away
  vi.restoreAllMocks();
  await dropDb(db);
});

async function openWizard(kind: 'developer' | 'project' = 'developer') {
  await userEvent.click(screen.getByRole('button', { name: kind === 'developer' ? 'Report Person' : 'Report Project' }));
  const dialog = await dialogNamed(kind === 'developer' ? 'Report a person' : 'Report a project');
  await within(dialog).findByText(/Step \d of 3/);
  return dialog;
}

const button = (scope: HTMLElement, name: string) => within(scope).getByRole('button', { name });

async function toStep3(dialog: HTMLElement, name = 'Jane Roe') {
  await typeInto(dialog, /^Full name/, name);
  await userEvent.click(button(dialog, 'Next'));
  await userEvent.click(button(dialog, 'Next'));
  await within(dialog).findByText('Step 3 of 3');
}

/** Adds a scam through the Add Scam modal in draft mode. */
async function addScam(wizard: HTMLElement, description: string, amount: string) {
  await userEvent.click(button(wizard, 'Add a scam'));
  const editor = await dialogNamed('Add Scam');
  await within(editor).findByLabelText(/^Description/);
  await fillRequired(editor, description, amount);
  await userEvent.click(button(editor, 'Save scam'));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Scam' })).not.toBeInTheDocument());
}

const scamCards = (wizard: HTMLElement) => within(wizard).queryAllByRole('listitem').filter((li) => li.classList.contains('wizard__scam'));

describe('the Report wizard (product.md#screens, product.md#states, product.md#validation)', { timeout: 20_000 }, () => {
  it('when Report Person is pressed, then it opens on step 1 of 3, and Cancel on step 1 closes it', async () => {
    render(<ReportHarness db={db} />);
    const dialog = await openWizard();
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();

    await userEvent.click(button(dialog, 'Cancel'));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the full name is blank, then Next stays on step 1 and says why', async () => {
    render(<ReportHarness db={db} />);
    const dialog = await openWizard();
    await typeInto(dialog, /^Full name/, '   ');

    await userEvent.click(button(dialog, 'Next'));

    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
    expect(within(dialog).getByText('Full name is required')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Full name/)).toHaveFocus());
    expect(within(dialog).getByLabelText(/^Full name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('when moving on, then there are exactly three steps, with Previous back and Submit on the last', async () => {
    render(<ReportHarness db={db} />);
    const dialog = await openWizard();
    await typeInto(dialog, /^Full name/, 'Jane Roe');
    expect(within(dialog).getByLabelText('Gender')).toHaveValue('Not Specified');
    expect(within(within(dialog).getByLabelText('Gender')).getAllByRole('option').map((o) => o.textContent))
      .toEqual(['Male', 'Female', 'Other', 'Not Specified']);

    await userEvent.click(button(dialog, 'Next'));
    expect(within(dialog).getByText('Step 2 of 3')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Bio')).toBeInTheDocument();

    await userEvent.click(button(dialog, 'Next'));
    expect(within(dialog).getByText('Step 3 of 3')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(button(dialog, 'Submit report')).toBeEnabled();
    expect(within(dialog).getByRole('region', { name: 'Summary of the report' })).toHaveTextContent('Jane Roe');

    await userEvent.click(button(dialog, 'Previous'));
    expect(within(dialog).getByText('Step 2 of 3')).toBeInTheDocument();
    await userEvent.click(button(dialog, 'Previous'));
    expect(within(dialog).getByLabelText(/^Full name/)).toHaveValue('Jane Roe');
  });

  it('when scams are added, edited and removed, then the list holds the drafts as they are', async () => {
    render(<ReportHarness db={db} />);
    const wizard = await openWizard();
    await toStep3(wizard);

    await addScam(wizard, 'Sold a fake presale', '500');
    await addScam(wizard, 'Phished my wallet seed', '1200');
    expect(scamCards(wizard).map((li) => li.textContent)).toEqual([
      expect.stringContaining('Sold a fake presale'), expect.stringContaining('Phished my wallet seed'),
    ]);

    await userEvent.click(button(wizard, 'Edit Scam 1'));
    const editor = await dialogNamed('Edit scam');
    const description = await within(editor).findByLabelText(/^Description/);
    expect(description).toHaveValue('Sold a fake presale');
    await userEvent.type(description, ' on Telegram');
    await userEvent.click(button(editor, 'Save scam'));
    await waitFor(() => expect(scamCards(wizard)[0]).toHaveTextContent('Sold a fake presale on Telegram'));

    await userEvent.click(button(wizard, 'Remove Scam 2'));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Remove this scam?' })).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(scamCards(wizard)).toHaveLength(1));
    expect(scamCards(wizard)[0]).toHaveTextContent('Sold a fake presale on Telegram');
    expect(within(wizard).getByText('Scams (1)')).toBeInTheDocument();
  });

  it('when a scam editor is closed with nothing in it, then no draft is added and nothing is asked', async () => {
    render(<ReportHarness db={db} />);
    const wizard = await openWizard();
    await toStep3(wizard);

    await userEvent.click(button(wizard, 'Add a scam'));
    const editor = await dialogNamed('Add Scam');
    await within(editor).findByLabelText(/^Description/);
    await userEvent.click(button(editor, 'Close'));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Scam' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(scamCards(wizard)).toHaveLength(0);
    expect(within(wizard).getByText('Scams (0)')).toBeInTheDocument();
  });

  it('when a scam editor is closed half filled, then the draft is kept, marked incomplete, and blocks the submit', async () => {
    render(<ReportHarness db={db} />);
    const wizard = await openWizard();
    await toStep3(wizard);
    await userEvent.click(button(wizard, 'Add a scam'));
    const editor = await dialogNamed('Add Scam');
    await typeInto(editor, /^Description/, 'Half told story');
    await userEvent.click(button(editor, 'Close'));

    await waitFor(() => expect(scamCards(wizard)).toHaveLength(1));
    expect(scamCards(wizard)[0]).toHaveTextContent('Incomplete');
    await userEvent.click(button(wizard, 'Submit report'));

    expect(await within(wizard).findByRole('alert')).toHaveTextContent('Scam 1: Lost amount is required');
    expect(await db.outbox.count()).toBe(0);
  });

  it('when the wizard goes away and comes back (a reload), then its step, fields and scams are all still there', async () => {
    const first = render(<ReportHarness db={db} />);
    let wizard = await openWizard();
    await typeInto(wizard, /^Full name/, 'Jane Roe');
    await typeInto(wizard, 'Nationality', 'Examplian');
    await userEvent.click(button(wizard, 'Next'));
    await typeInto(wizard, 'Bio', 'Poses as a recruiter');
    await userEvent.click(button(wizard, 'Next'));
    await addScam(wizard, 'Took a training fee', '300');

    first.unmount();
    render(<ReportHarness db={db} />);
    wizard = await openWizard();

    expect(within(wizard).getByText('Step 3 of 3')).toBeInTheDocument();
    expect(scamCards(wizard)[0]).toHaveTextContent('Took a training fee');
    const summary = within(wizard).getByRole('region', { name: 'Summary of the report' });
    expect(summary).toHaveTextContent('Examplian');
    expect(summary).toHaveTextContent('Poses as a recruiter');
  });

  it('when a scam was being edited at the reload, then its editor opens again with what was typed', async () => {
    const first = render(<ReportHarness db={db} />);
    const wizard = await openWizard();
    await toStep3(wizard);
    await userEvent.click(button(wizard, 'Add a scam'));
    const editor = await dialogNamed('Add Scam');
    await typeInto(editor, /^Description/, 'Typed before the tab crashed');

    first.unmount();
    render(<ReportHarness db={db} />);
    await openWizard();

    const reopened = await dialogNamed('Add Scam');
    expect(await within(reopened).findByLabelText(/^Description/)).toHaveValue('Typed before the tab crashed');
  });

  it('when nothing was typed, then no wizard draft is kept', async () => {
    render(<ReportHarness db={db} />);
    const wizard = await openWizard();
    await typeInto(wizard, /^Full name/, 'x');
    await userEvent.clear(within(wizard).getByLabelText(/^Full name/));
    await userEvent.click(button(wizard, 'Cancel'));

    await waitFor(async () => expect(await db.drafts.get(wizardKey('developer'))).toBeUndefined());
  });

  it('when Discard report is confirmed, then the wizard starts empty again', async () => {
    render(<ReportHarness db={db} />);
    const wizard = await openWizard();
    await typeInto(wizard, /^Full name/, 'Jane Roe');

    await userEvent.click(button(wizard, 'Discard report'));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Discard this report?' })).getByRole('button', { name: 'Discard report' }));

    await waitFor(() => expect(within(wizard).getByLabelText(/^Full name/)).toHaveValue(''));
    await waitFor(async () => expect(await db.drafts.get(wizardKey('developer'))).toBeUndefined());
  });

  it('when there is no network, then one report action with the profile and its scams is queued, and the wizard resets', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<ReportHarness kind="project" db={db} />);
    const wizard = await openWizard('project');
    await toStep3(wizard, 'Moon Vault');
    await addScam(wizard, 'Rug pulled the liquidity', '2,000');

    await userEvent.click(button(wizard, 'Submit report'));

    expect(await within(wizard).findByText(REPORT_MESSAGES.queued)).toBeInTheDocument();
    const [entry] = await db.outbox.toArray();
    expect(entry?.action).toMatchObject({
      type: 'report-profile', kind: 'project',
      profile: { name: 'Moon Vault', gender: 'Not Specified', verification_status: 'unverified', is_verified: false },
      incidents: [{ description: 'Rug pulled the liquidity', lostAmount: 2000, currency: 'USD', verification_status: 'unverified', is_verified: false }],
    });
    await waitFor(async () => expect(await db.drafts.get(wizardKey('project'))).toBeUndefined());

    await userEvent.click(button(wizard, 'Report another'));
    expect(within(wizard).getByText('Step 1 of 3')).toBeInTheDocument();
    expect(within(wizard).getByLabelText(/^Full name/)).toHaveValue('');
  });

  it('stores a state a later version can read back', async () => {
    render(<ReportHarness db={db} />);
    const wizard = await openWizard();
    await typeInto(wizard, /^Full name/, 'Jane Roe');
    await userEvent.click(button(wizard, 'Cancel'));

    await waitFor(async () => {
      const stored = (await db.drafts.get(wizardKey('developer')))?.value as WizardState | undefined;
      expect(stored?.profile.name).toBe('Jane Roe');
    });
  });
});
