import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from './App';

function renderAt(...entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

describe('the 404 page', () => {
  it('when the path is unknown, then it says the page does not exist or has been moved', () => {
    renderAt('/no-such-page');

    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(/does not exist or has been moved/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('when it renders, then Home links to /', () => {
    renderAt('/no-such-page');

    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('when Go Back is pressed, then the previous page shows again', async () => {
    renderAt('/adminpanel/', '/no-such-page');

    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));

    expect(screen.getByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
  });

  it('when there is no previous page, then Go Back goes home', async () => {
    renderAt('/no-such-page');

    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));

    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument();
    expect(screen.getByText(/registry is loading/)).toBeInTheDocument();
  });
});

describe('the shell', () => {
  it('when any page renders, then the header logo links home and the demo note shows', () => {
    renderAt('/accounts/login/');

    expect(screen.getByRole('link', { name: 'Bustr' })).toHaveAttribute('href', '/');
    expect(screen.getByText('For demonstration only — not real cases.')).toBeInTheDocument();
  });
});
