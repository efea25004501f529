import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sampleProfile } from '../../../shared/test-support';
import { ProfileCard } from './ProfileCard';

const jane = sampleProfile({
  id: 12,
  name: 'Jane Roe',
  nickname: 'JR',
  company: ['Moon Labs', 'Star Capital'],
  bio: 'Promised 40% a month on a staking pool, then closed the Discord and vanished with the deposits.',
  location: 'Lisbon, Portugal',
  gender: 'Female',
  scam_type: ['Rug Pull', 'Phishing', 'Exit Scam', 'Fake Raise'],
});

describe('the profile card (product.md#screens)', () => {
  it('when a profile has every field, then the card shows each of them', () => {
    render(<ProfileCard profile={jane} score={85} onViewProfile={() => {}} />);

    const card = screen.getByRole('article', { name: 'Jane Roe' });
    expect(within(card).getByRole('heading', { name: 'Jane Roe' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Jane Roe' })).toHaveTextContent('JR');
    expect(within(card).getByText('“JR”')).toBeInTheDocument();
    expect(within(card).getByText('Moon Labs, Star Capital')).toBeInTheDocument();
    expect(within(card).getByText(/^Promised 40% a month/)).toHaveClass('profile-card__bio');
    expect(within(card).getByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(within(card).getByText('Female')).toBeInTheDocument();
    const types = within(card).getByRole('list', { name: 'Scam types' });
    expect(within(types).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Rug Pull', 'Phishing', '+2 more']);
    expect(within(card).getByText('Match 85%')).toHaveClass('match-badge', 'match-badge--green');
    expect(within(card).getByRole('button', { name: 'View Profile' })).toBeInTheDocument();
  });

  it('when gender, nickname, companies and bio are empty, then gender reads Not specified and the rest is left out', () => {
    render(<ProfileCard profile={{ ...jane, gender: '', nickname: '', company: [], bio: '', scam_type: ['Phishing'] }} score={100} onViewProfile={() => {}} />);

    expect(screen.getByText('Not specified')).toBeInTheDocument();
    expect(screen.queryByText(/“/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Moon Labs/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Promised/)).not.toBeInTheDocument();
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('when the score is 60 to 79 or below 60, then the badge is yellow or red', () => {
    const { rerender } = render(<ProfileCard profile={jane} score={67} onViewProfile={() => {}} />);
    expect(screen.getByText('Match 67%')).toHaveClass('match-badge--yellow');

    rerender(<ProfileCard profile={jane} score={33} onViewProfile={() => {}} />);
    expect(screen.getByText('Match 33%')).toHaveClass('match-badge--red');
  });

  it('when View Profile is pressed, then the card asks for the profile', async () => {
    const onViewProfile = vi.fn();
    render(<ProfileCard profile={jane} score={85} onViewProfile={onViewProfile} />);

    await userEvent.click(screen.getByRole('button', { name: 'View Profile' }));

    expect(onViewProfile).toHaveBeenCalledTimes(1);
  });

  it('when a visitor typed markup into a field, then it shows as text', () => {
    render(<ProfileCard profile={{ ...jane, name: '<img src=x onerror=alert(1)>', bio: '<b>bold</b>' }} score={100} onViewProfile={() => {}} />);

    expect(screen.getByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument();
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });
});
