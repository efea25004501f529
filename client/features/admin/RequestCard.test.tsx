// A card of the queue as a moderator triages it (issue 18): a scam's amount without opening it,
// and the box that picks it for a bulk rejection.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequestCard } from './RequestCard';
import { onlyCard, pendingScam, staffProfile } from './test-support';

describe('a queue card', () => {
  it('when it is a scam with an amount, then the card says how much was lost; without one it says nothing of it', () => {
    const { unmount } = render(<RequestCard card={onlyCard({ pendingScams: [pendingScam({ amount: 1250.5, currency: 'USDT' })] })} onViewDetails={vi.fn()} />);
    expect(screen.getByText(/^Lost USDT 1,250\.5/)).toBeInTheDocument();
    unmount();
    render(<RequestCard card={onlyCard({ pendingScams: [pendingScam({ amount: null })] })} onViewDetails={vi.fn()} />);
    expect(screen.queryByText(/^Lost/)).toBeNull();
  });

  it('when its box is ticked, then it is picked; without a handler there is no box', async () => {
    const card = onlyCard({ developers: [staffProfile({ name: 'Jane Roe' })] });
    const onSelect = vi.fn();
    const { unmount } = render(<RequestCard card={card} onViewDetails={vi.fn()} onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select New Scammer Jane Roe' }));
    expect(onSelect).toHaveBeenCalledWith(card, true);
    unmount();
    render(<RequestCard card={card} onViewDetails={vi.fn()} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
