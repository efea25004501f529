import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxAction } from '../../local/outbox-types';
import { ReportButton } from './ReportButton';

const local = vi.hoisted(() => ({
  submitAction: vi.fn<(action: OutboxAction) => Promise<{ outcome: string; entry: unknown; message?: string }>>(),
}));

vi.mock('../../local', () => ({ submitAction: local.submitAction }));

beforeEach(() => {
  local.submitAction.mockReset();
});

async function fillAndSubmit() {
  await userEvent.click(screen.getByRole('button', { name: 'Report Person' }));
  await userEvent.type(screen.getByLabelText(/Full name/), 'Jane Roe');
  await userEvent.type(screen.getByLabelText(/Description/), 'Took the money and ran');
  await userEvent.type(screen.getByLabelText(/Lost amount/), '1200.50');
  await userEvent.click(screen.getByRole('button', { name: 'Submit report' }));
}

describe('the report dialog', () => {
  it('when required fields are empty, then it names them and sends nothing', async () => {
    render(<ReportButton kind="developer" />);
    await userEvent.click(screen.getByRole('button', { name: 'Report Person' }));

    await userEvent.click(screen.getByRole('button', { name: 'Submit report' }));

    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Lost amount is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/Full name/)).toHaveAttribute('aria-invalid', 'true');
    expect(local.submitAction).not.toHaveBeenCalled();
  });

  it('when sent at once, then it submits one report-profile action in USD and says Submitted', async () => {
    local.submitAction.mockResolvedValue({ outcome: 'sent', entry: {} });
    render(<ReportButton kind="developer" />);

    await fillAndSubmit();

    expect(local.submitAction).toHaveBeenCalledWith({
      type: 'report-profile',
      kind: 'developer',
      profile: { name: 'Jane Roe' },
      incidents: [{ description: 'Took the money and ran', lostAmount: '1200.50', currency: 'USD' }],
    });
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
  });

  it('when there is no network, then it says the report will be sent when back online', async () => {
    local.submitAction.mockResolvedValue({ outcome: 'queued', entry: {} });
    render(<ReportButton kind="developer" />);

    await fillAndSubmit();

    expect(await screen.findByText('Saved. It will be sent when you are back online.')).toBeInTheDocument();
  });

  it('when the server refuses it, then its message shows as an alert', async () => {
    local.submitAction.mockResolvedValue({ outcome: 'rejected', entry: {}, message: 'Full name is too long' });
    render(<ReportButton kind="developer" />);

    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Full name is too long');
  });

  it('when closed and opened again, then what was typed is still there', async () => {
    render(<ReportButton kind="developer" />);
    await userEvent.click(screen.getByRole('button', { name: 'Report Person' }));
    await userEvent.type(screen.getByLabelText(/Full name/), 'Jane');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Report Person' }));

    expect(screen.getByLabelText(/Full name/)).toHaveValue('Jane');
  });
});
