// A question that must be answered before anything is lost (e.g. "Discard this draft?").
// Radix AlertDialog: focus starts on Cancel, Escape cancels, outside clicks do nothing.
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import './ui.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm(): void;
  danger?: boolean;
  /** more of the question (a reason to type), between the description and the buttons */
  children?: ReactNode;
}

export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, cancelLabel = 'Keep', onConfirm, danger = true, children }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="modal-overlay modal-overlay--top" />
        <AlertDialog.Content className="modal modal--md modal--top">
          <AlertDialog.Title className="modal__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="modal__description">{description}</AlertDialog.Description>
          {children}
          <footer className="modal__footer">
            <AlertDialog.Cancel className="button button--secondary">{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={danger ? 'button button--danger' : 'button'} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </footer>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
