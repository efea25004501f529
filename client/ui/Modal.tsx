// The one dialog every feature uses. Radix Dialog does what a hand-rolled one gets wrong:
// focus moves in and is trapped, Escape and the overlay close it, focus returns to the opener,
// the page behind is hidden from screen readers and does not scroll.
import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import './ui.css';

export type ModalSize = 'md' | 'lg' | 'xl' | '4xl';

export interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** one line under the title, read out when the dialog opens */
  description?: ReactNode;
  children: ReactNode;
  /** buttons, kept visible at the bottom while the body scrolls */
  footer?: ReactNode;
  size?: ModalSize;
  /** when false, clicking outside does not close (forms with typed data) */
  closeOnOutsideClick?: boolean;
  /**
   * where focus goes when the dialog closes, when that element is on the page by then (a
   * confirmation the closing dialog left behind); otherwise back to the opener
   */
  finalFocus?: RefObject<HTMLElement | null>;
}

export function Modal({
  open, onOpenChange, title, description, children, footer, size = 'lg', closeOnOutsideClick = true, finalFocus,
}: ModalProps) {
  // Where focus was when the dialog opened: it goes back there on close, also when the dialog
  // was opened from code rather than by a Dialog.Trigger.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) returnFocusTo.current = document.activeElement;
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className={`modal modal--${size}`}
          onCloseAutoFocus={(e) => {
            const target = finalFocus?.current?.isConnected ? finalFocus.current : returnFocusTo.current;
            if (target?.isConnected) {
              e.preventDefault();
              target.focus();
            }
          }}
          onPointerDownOutside={(e) => { if (!closeOnOutsideClick) e.preventDefault(); }}
        >
          <header className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close className="modal__close" aria-label="Close">×</Dialog.Close>
          </header>
          {description ? <Dialog.Description className="modal__description">{description}</Dialog.Description> : <Dialog.Description className="visually-hidden">{title}</Dialog.Description>}
          <div className="modal__body">{children}</div>
          {footer ? <footer className="modal__footer">{footer}</footer> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
