import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMOVAL_MESSAGES } from '../../../shared/contract/removal-request';
import type { LocalProfile, RegistryDb } from '../../local';
import { dropDb, freshDb } from '../../local/test-support';
import { RemovalDialog } from './RemovalDialog';
import { goOffline, localProfile } from './test-support';

let db: RegistryDb;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await dropDb(db);
});

function renderDialog(profile: LocalProfile = localProfile({ id: 42, name: 'Ada Example' })) {
  db = freshDb();
  const onSubmitted = vi.fn();
  const onOpenChange = vi.fn();
  const props = { profile, onOpenChange, onSubmitted, db };
  const view = render(<RemovalDialog {...props} open />);
  const dialog = () => within(screen.getByRole('dialog', { name: 'Case Removal Request' }));
  const reopen = () => {
    view.rerender(<RemovalDialog {...props} open={false} />);
    view.rerender(<RemovalDialog {...props} open />);
  };
  return { dialog, onSubmitted, onOpenChange, reopen };
}

describe('the removal dialog', () => {
  it('when it opens, then the case id is filled in and read-only, with the target, the sections and the notice', () => {
    const { dialog } = renderDialog();

    const caseId = dialog().getByLabelText('Case ID');
    expect(caseId).toHaveValue('BUSTR-2025-0042');
    expect(caseId).toHaveAttribute('readonly');
    expect(dialog().getByLabelText('Target')).toHaveValue('Ada Example');
    expect(dialog().getByRole('group', { name: 'Case Information' })).toBeInTheDocument();
    expect(dialog().getByRole('group', { name: 'Request Details' })).toBeInTheDocument();
    expect(dialog().getByRole('heading', { name: 'Important Notice' })).toBeInTheDocument();
    expect(dialog().getByText(/seen only by staff/)).toBeInTheDocument();
    expect(dialog().getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(dialog().getByRole('button', { name: 'Submit Removal Request' })).toBeInTheDocument();
  });

  it('when everything is blank or white space, then only the first message in the spec\'s order shows, by its field, which takes focus, and nothing is queued', async () => {
    const { dialog, onSubmitted } = renderDialog();
    await userEvent.type(dialog().getByLabelText('Contact information'), '   ');

    await userEvent.click(dialog().getByRole('button', { name: 'Submit Removal Request' }));

    expect(dialog().getAllByRole('alert').map((a) => a.textContent)).toEqual([REMOVAL_MESSAGES.fullName]);
    expect(REMOVAL_MESSAGES).toEqual({
      fullName: 'Please enter your full name.',
      contact: 'Please provide your contact information.',
      explanation: 'Please provide an explanation for the removal request.',
    });
    expect(dialog().getByLabelText('Full name')).toHaveAccessibleDescription('Please enter your full name.');
    expect(dialog().getByLabelText('Full name')).toHaveFocus();
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('when the name is given and the rest still blank, then the contact message comes next, then the explanation\'s', async () => {
    const { dialog } = renderDialog();
    await userEvent.click(dialog().getByRole('button', { name: 'Submit Removal Request' }));
    await userEvent.type(dialog().getByLabelText('Full name'), 'Ada Example');

    await userEvent.click(dialog().getByRole('button', { name: 'Submit Removal Request' }));

    expect(dialog().getAllByRole('alert').map((a) => a.textContent)).toEqual([REMOVAL_MESSAGES.contact]);
    expect(dialog().getByLabelText('Contact information')).toHaveFocus();

    await userEvent.type(dialog().getByLabelText('Contact information'), 'ada@example.test');
    await userEvent.click(dialog().getByRole('button', { name: 'Submit Removal Request' }));

    expect(dialog().getAllByRole('alert').map((a) => a.textContent)).toEqual([REMOVAL_MESSAGES.explanation]);
    expect(dialog().getByLabelText('Explanation for removal')).toHaveFocus();
  });

  it('when only the explanation is missing, then only its message shows', async () => {
    const { dialog } = renderDialog();
    await userEvent.type(dialog().getByLabelText('Full name'), 'Ada Example');
    await userEvent.type(dialog().getByLabelText('Contact information'), 'ada@example.test');

    await userEvent.click(dialog().getByRole('button', { name: 'Submit Removal Request' }));

    expect(dialog().getAllByRole('alert').map((a) => a.textContent)).toEqual([REMOVAL_MESSAGES.explanation]);
    expect(dialog().getByLabelText('Explanation for removal')).toHaveFocus();
  });

  it('when Cancel is pressed, then the form is empty when it opens again', async () => {
    const { dialog, onOpenChange, reopen } = renderDialog();
    await userEvent.type(dialog().getByLabelText('Full name'), 'Ada Example');
    await userEvent.click(dialog().getByRole('button', { name: 'Submit Removal Request' }));

    await userEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    reopen();

    expect(dialog().getByLabelText('Full name')).toHaveValue('');
    expect(dialog().queryAllByRole('alert')).toEqual([]);
  });

  it('when a complete request is made offline, then it is queued as typed, trimmed, and the form resets', async () => {
    cleanups.push(goOffline());
    const project = localProfile({ id: 77, name: 'Moon Vault', kind: 'project' });
    const { dialog, onSubmitted, onOpenChange, reopen } = renderDialog(project);
    await userEvent.type(dialog().getByLabelText('Full name'), '  Jane Roe ');
    await userEvent.type(dialog().getByLabelText('Contact information'), 'jane@example.test');
    await userEvent.type(dialog().getByLabelText('Explanation for removal'), 'The project refunded every holder.');

    await userEvent.click(dialog().getByRole('button', { name: 'Submit Removal Request' }));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(expect.objectContaining({ tone: 'queued', text: 'Saved. It will be sent when you are back online.' })));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const [entry] = await db.outbox.toArray();
    expect(entry?.action).toEqual({
      type: 'removal-request', targetName: 'Moon Vault',
      request: {
        target_type: 'project', case_id: 'BUSTR-2025-0077', full_name: 'Jane Roe', contact_information: 'jane@example.test',
        explanation: 'The project refunded every holder.', project: 77,
      },
    });
    reopen();
    expect(dialog().getByLabelText('Full name')).toHaveValue('');
  });
});
