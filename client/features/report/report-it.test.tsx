// The Report wizard opened to report an identifier ("Report it", issue 16 step 4): it opens with
// the identifier in its field, as a new scam, and a report already in progress on the device is
// never changed without asking, nor lost.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RegistryDb } from '../../local';
import { dropDb, freshDb, resetStatus } from '../../local/test-support';
import { clearFilters } from '../../state/registry-query';
import type { ReportPrefill } from './prefill';
import { ReportButton } from './ReportButton';
import { wizardKey } from './ReportWizard';
import { dialogNamed, fillRequired, typeInto } from './report-test-support';
import type { WizardState } from './wizard-state';

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HANDLE = 't.me/aldric_web303';

let db: RegistryDb;

beforeEach(() => {
  resetStatus();
  clearFilters();
  db = freshDb();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await dropDb(db);
});

/** The report button with a "Report it" beside it, as the app composes them. */
function Harness({ reports }: { reports: Omit<ReportPrefill, 'id'>[] }) {
  const [prefill, setPrefill] = useState<ReportPrefill | undefined>(undefined);
  return (
    <>
      {reports.map((r, i) => (
        <button key={i} type="button" onClick={() => setPrefill((before) => ({ ...r, id: (before?.id ?? 0) + 1 }))}>{`Report it ${r.value}`}</button>
      ))}
      <ReportButton kind="developer" db={db} prefill={prefill} />
    </>
  );
}

const button = (scope: HTMLElement, name: string | RegExp) => within(scope).getByRole('button', { name });
const stored = async () => (await db.drafts.get(wizardKey('developer')))?.value as WizardState | undefined;

async function reportIt(value: string) {
  await userEvent.click(screen.getByRole('button', { name: `Report it ${value}` }));
  return dialogNamed('Report a person');
}

async function toStep3(wizard: HTMLElement) {
  await userEvent.click(button(wizard, 'Next'));
  await userEvent.click(button(wizard, 'Next'));
  await within(wizard).findByText('Step 3 of 3');
}

describe('Report it: the wizard opened with an identifier', { timeout: 30_000 }, () => {
  it('when no report is in progress, then it opens on step 1 saying where the identifier is, and step 3 holds it as Scam 1, to describe', async () => {
    render(<Harness reports={[{ identifierKind: 'evm', value: WALLET }]} />);
    const wizard = await reportIt(WALLET);

    expect(within(wizard).getByText('Step 1 of 3')).toBeInTheDocument();
    const note = within(wizard).getAllByRole('status').find((el) => el.textContent?.startsWith('Reporting'));
    expect(note).toHaveTextContent(`Reporting ${WALLET}`);
    expect(note).toHaveTextContent("It is filled in as Scam 1's Ethereum wallet address. Add what you know of who is behind it, then describe that scam on step 3.");
    await waitFor(async () => expect((await stored())?.incidents.map((d) => d.walletAddresses)).toEqual([[WALLET]]));

    await typeInto(wizard, /^Full name/, 'Wallet Owner');
    await toStep3(wizard);
    const scam = within(wizard).getAllByRole('listitem').find((li) => li.classList.contains('wizard__scam'))!;
    expect(scam).toHaveTextContent('Scam 1');
    expect(scam).toHaveTextContent('Incomplete');
    const summary = within(wizard).getByRole('region', { name: 'Summary of the report' });
    expect(within(summary).getByRole('list', { name: 'Wallet addresses' })).toHaveTextContent(WALLET);

    // described, it is sent with the report
    await userEvent.click(button(wizard, 'Edit Scam 1'));
    const editor = await dialogNamed('Edit scam');
    expect(within(editor).getByRole('list', { name: 'Wallet addresses: added values' })).toHaveTextContent(WALLET);
    await fillRequired(editor, 'Paid for a token presale', '700');
    await userEvent.click(button(editor, 'Save scam'));
    await waitFor(() => expect(editor).not.toBeInTheDocument());
    await userEvent.click(button(wizard, 'Submit report'));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const action = (await db.outbox.toArray())[0]!.action;
    expect(action).toMatchObject({ type: 'report-profile', profile: { name: 'Wallet Owner' }, incidents: [{ wallet_addresses: [WALLET], description: 'Paid for a token presale' }] });
  });

  it('when a report is in progress, then it asks before adding; kept as it is, the report does not change', async () => {
    render(<Harness reports={[{ identifierKind: 'telegram', value: HANDLE }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Report Person' }));
    let wizard = await dialogNamed('Report a person');
    await typeInto(wizard, /^Full name/, 'Jane Roe');
    await userEvent.click(button(wizard, 'Close'));
    await waitFor(async () => expect((await stored())?.profile.name).toBe('Jane Roe'));

    wizard = await reportIt(HANDLE);
    const question = await screen.findByRole('alertdialog', { name: 'Add it to your report in progress?' });
    expect(question).toHaveTextContent(`You have a report of a person in progress on this device (Jane Roe), with no scams yet. ${HANDLE} can be added to it as a new scam.`);
    await userEvent.click(button(question, 'Keep the report as it is'));

    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(within(wizard).getByLabelText(/^Full name/)).toHaveValue('Jane Roe');
    expect(wizard).not.toHaveTextContent('Reporting');
    expect((await stored())?.incidents).toEqual([]);
  });

  it('when a report is in progress and the person adds to it, then it becomes its next scam, on the step the report was on', async () => {
    render(<Harness reports={[{ identifierKind: 'telegram', value: HANDLE }, { identifierKind: 'evm', value: WALLET }]} />);
    let wizard = await reportIt(WALLET);
    await typeInto(wizard, /^Full name/, 'Jane Roe');
    await userEvent.click(button(wizard, 'Next'));
    await within(wizard).findByText('Step 2 of 3');
    await userEvent.click(button(wizard, 'Close'));
    await waitFor(async () => expect((await stored())?.step).toBe(2));

    wizard = await reportIt(HANDLE);
    const question = await screen.findByRole('alertdialog', { name: 'Add it to your report in progress?' });
    expect(question).toHaveTextContent('(Jane Roe), with 1 scam.');
    await userEvent.click(button(question, 'Add to this report'));

    expect(await within(wizard).findByText("It is added to your report as Scam 2's Telegram handle. Describe that scam on step 3.")).toBeInTheDocument();
    expect(within(wizard).getByText('Step 2 of 3')).toBeInTheDocument();
    await waitFor(async () => expect((await stored())?.incidents.map((d) => [...d.walletAddresses, ...d.telegramHandles])).toEqual([[WALLET], [HANDLE]]));
    expect((await stored())?.profile.name).toBe('Jane Roe');

    // the same identifier again: the report already has it
    await userEvent.click(button(wizard, 'Close'));
    wizard = await reportIt(HANDLE);
    expect(await within(wizard).findByText('It is already in your report, in Scam 2.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect((await stored())?.incidents).toHaveLength(2);
  });
});
