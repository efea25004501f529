// The details modal of each kind with real-shaped data (test-support.ts), read as staff read it.
// Decisions that reach the server are tested against the real one in admin.server.test.tsx.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, resetHttpConfig } from '../../api/http';
import type { AdminCard } from './cards';
import { RequestDetailsModal } from './RequestDetailsModal';
import { editRequest, onlyCard, pendingScam, removalRequest, stagedProject, staffProfile } from './test-support';

const sent: string[] = [];
beforeEach(() => {
  sent.length = 0;
  // nothing in these tests may reach a server: any call is recorded and answered "no network"
  configureHttp({ fetch: async (input) => { sent.push(String(input)); throw new TypeError('offline in this test'); } });
});
afterEach(() => resetHttpConfig());

function show(card: AdminCard) {
  const onModerated = vi.fn();
  const onSessionExpired = vi.fn();
  const onOpenChange = vi.fn();
  render(<RequestDetailsModal card={card} open onOpenChange={onOpenChange} onModerated={onModerated} onSessionExpired={onSessionExpired} />);
  return { dialog: screen.getByRole('dialog'), onModerated, onSessionExpired, onOpenChange };
}

const region = (scope: HTMLElement, name: string) => within(scope).getByRole('region', { name });

/** The value shown for a label (each label once in `scope`). */
function field(scope: HTMLElement, label: string): string {
  const terms = within(scope).getAllByRole('term').filter((t) => t.textContent === label);
  if (terms.length !== 1) throw new Error(`${terms.length} fields named ${label}`);
  return terms[0]!.nextElementSibling?.textContent ?? '';
}
const labels = (scope: HTMLElement) => within(scope).queryAllByRole('term').map((t) => t.textContent);

describe('the details of a new scammer or project', () => {
  it('when a New Scammer opens, then its title, submission line, profile information and biography show', () => {
    const { dialog } = show(onlyCard({ developers: [staffProfile()] }));

    expect(within(dialog).getByRole('heading', { level: 2, name: 'New Scammer #36' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('Submitted Nov 2, 2025, 6:23 PM by Anonymous');
    expect(dialog).toHaveClass('modal--4xl');
    const info = region(dialog, 'Profile Information');
    expect(labels(info)).toEqual(['Full Name', 'Gender', 'Nationality', 'Location', 'Geolocation', 'Accent', 'Languages']);
    expect(field(info, 'Full Name')).toBe('Thea Underhill');
    expect(field(info, 'Gender')).toBe('Female');
    expect(field(info, 'Nationality')).toBe('British');
    expect(field(info, 'Location')).toBe('Manila, Philippines');
    expect(field(info, 'Geolocation')).toBe('14.5995, 120.9842');
    expect(field(info, 'Accent')).toBe('Eastern European');
    expect(within(info).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Spanish', 'Arabic']);
    expect(region(dialog, 'Biography / Description')).toHaveTextContent(/raised money for a bridge contract/);
    expect(within(dialog).getByText('Unverified')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).toBeNull(); // read-only: nothing to type into
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['×', 'Send Back to User', 'Publish Case']);
  });

  it('when there are no languages and no bio, then Languages shows a dash and there is no biography box', () => {
    const { dialog } = show(onlyCard({ developers: [staffProfile({ languages: [], bio: '  ', accent: '' })] }));
    const info = region(dialog, 'Profile Information');
    expect(field(info, 'Languages')).toBe('—');
    expect(field(info, 'Accent')).toBe('—');
    expect(within(dialog).queryByRole('region', { name: 'Biography / Description' })).toBeNull();
  });

  it('when the developer submission is not NEW_DEVELOPER, then it is titled New Case', () => {
    const { dialog } = show(onlyCard({ developers: [staffProfile({ id: 304, kind: 'ADDITIONAL_INFO' })] }));
    expect(within(dialog).getByRole('heading', { name: 'New Case #304' })).toBeInTheDocument();
  });

  it('when a New Project opens, then the same profile information shows under its own title', () => {
    const { dialog } = show(onlyCard({ projects: [stagedProject()] }));
    expect(within(dialog).getByRole('heading', { name: 'New Project #37' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('Submitted Nov 11, 2025, 6:05 PM by demo-reporter');
    expect(field(region(dialog, 'Profile Information'), 'Full Name')).toBe('LunaBridge');
    expect(field(region(dialog, 'Profile Information'), 'Nationality')).toBe('—');
  });
});

describe('the details of a new scam', () => {
  it('when a New Project Scam opens, then the scam information and all four groups show every field', () => {
    const { dialog } = show(onlyCard({ pendingScams: [pendingScam()] }));

    expect(within(dialog).getByRole('heading', { level: 2, name: 'New Project Scam #101' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('Submitted May 31, 2025 by Anonymous');
    const info = region(dialog, 'Scam Information');
    expect(labels(info)).toEqual(['Target', 'Occurred', 'Reported', 'Amount', 'Currency', 'Contact', 'Description']);
    expect(field(info, 'Target')).toBe('EmberFlow Labs (Project #14)');
    expect(field(info, 'Occurred')).toBe('May 21, 2025');
    expect(field(info, 'Reported')).toBe('May 31, 2025');
    expect(field(info, 'Amount')).toBe('ETH 98.57370001');
    expect(field(info, 'Currency')).toBe('ETH');
    expect(field(info, 'Contact')).toBe('@reporter_uzojvy');
    expect(field(info, 'Description')).toBe('Payment was made for development work that was never delivered.');

    const personal = region(dialog, 'Personal');
    expect(labels(personal)).toEqual(['Nicknames', 'Industries', 'Scam Types']);
    expect(field(personal, 'Scam Types')).toBe('Service not delivered, Exit Scam');
    const contact = region(dialog, 'Contact');
    expect(labels(contact)).toEqual(['Websites', 'Email Addresses', 'Phone Numbers', 'Telegram Handles']);
    expect(field(contact, 'Websites')).toBe('https://emberflow.test, https://app.emberflow.test');
    const financial = region(dialog, 'Financial');
    expect(labels(financial)).toEqual(['Wallet Addresses', 'Banks', 'Bank Accounts']);
    expect(field(financial, 'Bank Accounts')).toBe('Demo Savings & Loan: ACCT-18810176');
    const business = region(dialog, 'Business');
    expect(labels(business)).toEqual(['Companies Used', 'Company Addresses', 'IP Addresses']);
    expect(field(business, 'IP Addresses')).toBe('192.168.119.203');
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['×', 'Reject', 'Approve']);
  });

  it('when lists are empty, then their fields and empty groups are hidden; no amount shows a dash and no currency is USD', () => {
    const { dialog } = show(onlyCard({
      pendingScams: [pendingScam({
        developer: 31, project: null, developer_name: 'Nerys Ivers', project_name: null, amount: null, currency: '',
        nicknames: [], industries: [], types: [], emails: [], phones: [], telegrams: [], wallet_addresses: [],
        bank_names: [], bank_accounts: [], companies: [], company_addresses: [], ip_addresses: [], websites: ['https://nerys.test'],
      })],
    }));
    expect(within(dialog).getByRole('heading', { name: 'New Scammer Scam #101' })).toBeInTheDocument();
    const info = region(dialog, 'Scam Information');
    expect(field(info, 'Target')).toBe('Nerys Ivers (Scammer #31)');
    expect(field(info, 'Amount')).toBe('—');
    expect(field(info, 'Currency')).toBe('USD');
    expect(labels(region(dialog, 'Contact'))).toEqual(['Websites']);
    for (const gone of ['Personal', 'Financial', 'Business']) expect(within(dialog).queryByRole('region', { name: gone })).toBeNull();
  });
});

describe("a new profile's own reports", () => {
  it('when a New Scammer has reports awaiting review, then its modal lists them with their amounts and opens each', async () => {
    const profile = onlyCard({ developers: [staffProfile({ id: 31, name: 'Nerys Ivers' })] });
    const report = onlyCard({ pendingScams: [pendingScam({ id: 77, developer: 31, project: null, amount: 900, currency: 'USD' })] });
    const onOpenCard = vi.fn();
    render(<RequestDetailsModal card={profile} open onOpenChange={vi.fn()} onModerated={vi.fn()} onSessionExpired={vi.fn()}
      related={[report]} onOpenCard={onOpenCard} />);
    const own = region(screen.getByRole('dialog'), 'Its reports awaiting review');
    expect(own).toHaveTextContent('New Scammer Scam #77 · Lost USD 900');
    await userEvent.click(within(own).getByRole('button', { name: 'New Scammer Scam #77' }));
    expect(onOpenCard).toHaveBeenCalledWith(report.key);
  });

  it('when it has none, then the modal says it was sent without one', () => {
    const { dialog } = show(onlyCard({ developers: [staffProfile()] }));
    expect(within(region(dialog, 'Its reports awaiting review')).getByText('No report of its own is waiting: it was sent without one.')).toBeInTheDocument();
  });
});

describe('the avatar of a new scam', () => {
  it('when the report has an avatar, then staff see it before approving, and when it has none, they read so', () => {
    const avatar = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const { dialog } = show(onlyCard({ pendingScams: [pendingScam({ avatar })] }));
    const image = within(region(dialog, 'Avatar')).getByRole('img', { name: 'The avatar sent with this report' });
    expect(image).toHaveAttribute('src', avatar);
  });

  it('when the report has no avatar, then the section says so', () => {
    const { dialog } = show(onlyCard({ pendingScams: [pendingScam({ avatar: null })] }));
    expect(within(region(dialog, 'Avatar')).getByText('No avatar was sent.')).toBeInTheDocument();
  });
});

describe('the details of an edit request', () => {
  it('when an Edit Scammer & Scam opens, then the target, the profile changes, the incident update and the new incident show', () => {
    const { dialog } = show(onlyCard({ editRequests: [editRequest()] }));

    expect(within(dialog).getByRole('heading', { level: 2, name: 'Edit Scammer & Scam #3' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('Submitted Dec 12, 2025, 2:31 PM by Anonymous');
    const target = region(dialog, 'Target Scammer');
    expect(field(target, 'Name')).toBe('Aldric Drummond');
    expect(field(target, 'ID')).toBe('21');

    const changes = region(dialog, 'Scammer Changes');
    const update = region(changes, 'Incident Update #61');
    expect(labels(update)).toEqual(['Amount', 'Currency', 'Wallet Addresses', 'Telegrams']); // empty e-mails hidden
    expect(field(update, 'Amount')).toBe('155,851.12345678');
    const draft = region(changes, 'New Incident Draft');
    expect(labels(draft)).toEqual(['Description', 'Scam Types', 'Industries', 'Websites', 'IP Addresses', 'Bank Accounts', 'Amount', 'Currency']);
    expect(field(draft, 'Bank Accounts')).toBe('Example National Bank: ACCT-46736925');
    // the profile's own changes: the terms outside the two incident boxes
    const profileTerms = labels(changes).filter((l) => !labels(update).includes(l ?? '') && !labels(draft).includes(l ?? ''));
    expect(profileTerms).toEqual(['Bio', 'Location', 'Languages']); // the blank nationality is hidden
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['×', 'Cancel Changes', 'Confirm Changes']);
  });

  it('when an Edit Scammer changes only profile fields, then no incident boxes show', () => {
    const { dialog } = show(onlyCard({
      editRequests: [editRequest({ id: 1, target_type: 'developer', scam: null, proposed_changes: { developer: { nationality: 'Irish', gender: 'Male' } } })],
    }));
    expect(within(dialog).getByRole('heading', { name: 'Edit Scammer #1' })).toBeInTheDocument();
    const changes = region(dialog, 'Scammer Changes');
    expect(labels(changes)).toEqual(['Nationality', 'Gender']);
    expect(field(changes, 'Nationality')).toBe('Irish');
    expect(within(changes).queryByRole('region')).toBeNull();
  });

  it('when the server sends the current values, then each change reads Now beside Proposed, with a list\'s dropped and added items marked', () => {
    const { dialog } = show(onlyCard({
      editRequests: [editRequest({
        id: 1, target_type: 'developer', scam: null,
        proposed_changes: { developer: { nationality: 'Irish', languages: ['English', 'Irish'], location: 'Dublin' } },
        current_values: { developer: { nationality: 'British', languages: ['English', 'Welsh'], location: 'Dublin' }, scam_updates: [] },
      })],
    }));
    const changes = region(dialog, 'Scammer Changes');
    const nationality = within(changes).getByText('Nationality').closest('div')!;
    expect(within(nationality).getAllByRole('definition').map((d) => d.textContent)).toEqual(['NowBritish', 'ProposedIrish']);
    const languages = within(changes).getByText('Languages').closest('div')!;
    expect(within(languages).getByText('Welsh').tagName).toBe('DEL');
    expect(within(languages).getByText('Irish').tagName).toBe('INS');
    expect(within(changes).getByText('Location').closest('div')!.textContent).toContain('no change');
  });
});

describe('the details of a removal request', () => {
  it('when a Remove Scammer opens, then the case information and the request details show', () => {
    const { dialog } = show(onlyCard({ removalRequests: [removalRequest()] }));

    expect(within(dialog).getByRole('heading', { level: 2, name: 'Remove Scammer #4' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('Submitted Nov 10, 2025, 11:20 AM by Fiora Fairbrook');
    const info = region(dialog, 'Case Information');
    expect(field(info, 'Case ID')).toBe('BUSTR-2025-0020');
    expect(field(info, 'Target')).toBe('Anselm Lockridge (Scammer #20)');
    const request = region(dialog, 'Request Details');
    expect(field(request, 'Requester Full Name')).toBe('Fiora Fairbrook');
    expect(field(request, 'Contact Information')).toBe('victim9349@vault.test');
    expect(field(request, 'Explanation for Removal')).toBe('The incident was a misunderstanding that has since been resolved privately.');
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['×', 'Delete Request', 'Remove Scammer']);
  });

  it('when a Remove Scam opens, then the target names the incident, whose profile it is, and what it says', () => {
    const { dialog } = show(onlyCard({
      removalRequests: [removalRequest({ id: 9, target_type: 'scam', scam: 72, scam_description: 'Documents of a real developer were used.' })],
    }));
    expect(within(dialog).getByRole('heading', { name: 'Remove Scam #9' })).toBeInTheDocument();
    expect(field(region(dialog, 'Case Information'), 'Target'))
      .toBe('Incident #72 of Anselm Lockridge (Scammer #20)Documents of a real developer were used.');
  });
});

describe('fallbacks and alerts', () => {
  it("when the kind is not known, then the modal is titled 'Request Details'", () => {
    const card = { ...onlyCard({ removalRequests: [removalRequest({ target_type: 'unknown', developer_name: null })] }) };
    const { dialog } = show(card);
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Request Details' })).toBeInTheDocument();
    expect(card.name).toBe('Request');
  });

  it("when the item has no id, then a decision shows 'Missing target id.' and nothing is sent", async () => {
    const { dialog, onModerated } = show({ ...onlyCard({ developers: [staffProfile()] }), id: null });
    expect(within(dialog).getByRole('heading', { level: 2, name: 'New Scammer' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish Case' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Missing target id\.$/);
    expect(sent).toEqual([]);
    expect(onModerated).not.toHaveBeenCalled();
  });

  it('when Send Back to User is pressed, then it asks first, and Go back sends nothing', async () => {
    const { dialog } = show(onlyCard({ developers: [staffProfile()] }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Back to User' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Send Thea Underhill back?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Go back' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('when Remove Scammer is pressed, then it asks first, naming what is deleted', async () => {
    const { dialog } = show(onlyCard({ removalRequests: [removalRequest()] }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Scammer' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Remove the scammer Anselm Lockridge?' });
    expect(confirm).toHaveTextContent('deleted from the registry with all its incidents. This cannot be undone.');
    expect(sent).toEqual([]);
  });

  it('when a decision gets no answer at all, then it says so and both buttons work again', async () => {
    const { dialog, onModerated } = show(onlyCard({ pendingScams: [pendingScam()] }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Approve failed: the server did not answer.');
    expect(sent).toEqual(['/api/admin/scams/101/approve/']);
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(onModerated).not.toHaveBeenCalled();
  });
});
