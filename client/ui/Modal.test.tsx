import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './Modal';
import { ConfirmDialog } from './ConfirmDialog';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open it</button>
      <Modal open={open} onOpenChange={(o) => { setOpen(o); if (!o) onClose?.(); }} title="Case Removal Request" footer={<button>Submit</button>}>
        <label>Full name <input /></label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('when opened, then it is a labelled dialog and focus moves inside it', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByText('Open it'));
    const dialog = screen.getByRole('dialog', { name: 'Case Removal Request' });
    expect(dialog).toBeInTheDocument();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('when Escape is pressed, then it closes and focus returns to the opener', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByText('Open it');
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
    // Radix restores focus after the close animation frame
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('when Tab is pressed past the last control, then focus stays inside the dialog', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByText('Open it'));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });
});

describe('ConfirmDialog', () => {
  it('when confirmed, then the action runs; when cancelled, it does not', async () => {
    const onConfirm = vi.fn();
    const { rerender } = render(<ConfirmDialog open onOpenChange={() => {}} title="Discard this draft?" description="What you typed will be lost." confirmLabel="Discard" onConfirm={onConfirm} />);
    expect(screen.getByRole('alertdialog', { name: 'Discard this draft?' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Keep'));
    expect(onConfirm).not.toHaveBeenCalled();
    rerender(<ConfirmDialog open onOpenChange={() => {}} title="Discard this draft?" description="What you typed will be lost." confirmLabel="Discard" onConfirm={onConfirm} />);
    await userEvent.click(screen.getByText('Discard'));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
