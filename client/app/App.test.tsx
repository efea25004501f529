import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initialStatus, setStatus, useStatus } from '../local/status-store';
import { AppRoutes } from './App';

beforeEach(() => {
  useStatus.setState({ ...initialStatus, online: true });
});

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
    expect(screen.getByLabelText('Search the registry')).toBeInTheDocument();
  });
});

describe('the shell', () => {
  it('when any page renders, then the header logo links home and the demo note shows', () => {
    renderAt('/accounts/login/');

    expect(screen.getByRole('link', { name: 'Bustr' })).toHaveAttribute('href', '/');
    expect(screen.getByText('For demonstration only — not real cases.')).toBeInTheDocument();
  });
});

describe('the status on every page', () => {
  it('when offline with a submission waiting, then the header shows Offline and 1 pending', () => {
    renderAt('/accounts/login/');

    act(() => setStatus({ online: false, pendingCount: 1 }));

    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Offline');
    expect(screen.getByRole('button', { name: '1 pending' })).toBeInTheDocument();
  });

  it('when a new version waits, then the update toast shows on any page', () => {
    renderAt('/adminpanel/');

    act(() => setStatus({ updateAvailable: true }));

    expect(screen.getByText('A new version is available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
