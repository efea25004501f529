import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScamDetailModal } from './ScamDetailModal';
import { localIncident } from './test-support';

describe('the scam detail modal', () => {
  it('when it shows an approved incident, then it has the title, type, industry, reported date, Approved and the financial impact', () => {
    const incident = localIncident(42, {
      id: 5, types: ['Rug Pull', 'Exit Scam'], industries: ['DeFi'], reported: '2024-04-01T12:00:00Z',
      amount: 0.12345678, currency: 'btc', description: 'Sold <script>tokens</script> then left.',
    });

    render(<ScamDetailModal incident={incident} profileName="Ada Example" open onOpenChange={() => {}} />);

    const dialog = within(screen.getByRole('dialog', { name: 'Scam Details - Ada Example' }));
    const value = (term: string) => dialog.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Type')).toBe('Rug Pull, Exit Scam');
    expect(value('Industry')).toBe('DeFi');
    expect(value('Reported')).toBe('2024-04-01');
    expect(value('Occurred')).toBe('2024-03-14');
    expect(value('Status')).toBe('Approved');
    expect(dialog.getByRole('heading', { name: 'Financial Impact' })).toBeInTheDocument();
    expect(dialog.getByText('0.12345678 BTC')).toBeInTheDocument();
    expect(dialog.getByText('Sold <script>tokens</script> then left.')).toBeInTheDocument();
    expect(dialog.getByRole('note')).toHaveTextContent(/for awareness only/i);
  });

  it('when the incident has no amount, type or industry, then it says so instead of leaving blanks', () => {
    const incident = localIncident(42, { id: 6, types: [], industries: [], amount: null });

    render(<ScamDetailModal incident={incident} profileName="Ada Example" open onOpenChange={() => {}} />);

    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getAllByText('Not specified')).toHaveLength(2);
    expect(dialog.getByText('Not reported')).toBeInTheDocument();
  });

  it('when Close or Escape is pressed, then it asks to close', async () => {
    const onOpenChange = vi.fn();
    render(<ScamDetailModal incident={localIncident(42, { id: 7 })} profileName="Ada Example" open onOpenChange={onOpenChange} />);

    await userEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await userEvent.keyboard('{Escape}');

    expect(onOpenChange.mock.calls).toEqual([[false], [false]]);
  });
});
