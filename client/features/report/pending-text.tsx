// Text typed in a list field but not added is never lost silently (issue 16, step 6): saving,
// submitting, leaving a step or closing the form with such text asks first whether to add it,
// throw it away, or go back to it. The list fields report their typed text to the form around
// them (client/ui/TagInput.tsx, PendingEntries); the form wraps its actions with guard().
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { PendingEntries, PendingEntriesContext, type PendingEntry } from '../../ui/TagInput';

type Actions = Record<string, (...args: never[]) => void>;

export interface PendingGuard<A extends Actions> {
  /** `guard('save')(…args)`: runs the form's latest `save`, after asking when a list field holds typed text */
  guard<K extends keyof A>(key: K): (...args: Parameters<A[K]>) => void;
  /** the form's list fields, for PendingFields around them */
  entries: PendingEntries;
  /** the question, rendered anywhere in the form */
  dialog: ReactNode;
}

/**
 * `actions` are the form's latest functions; when the question is answered with Add, the action
 * runs after the added values are in the form's state, so it sees them.
 */
export function usePendingGuard<A extends Actions>(actions: A): PendingGuard<A> {
  const [entries] = useState(() => new PendingEntries());
  const latest = useRef(actions);
  useLayoutEffect(() => { latest.current = actions; });
  const [question, setQuestion] = useState<{ typed: PendingEntry[]; run(): void } | null>(null);
  // an action to run once the values just added are rendered
  const queued = useRef<(() => void) | null>(null);
  const [resumed, setResumed] = useState(0);
  useEffect(() => {
    const run = queued.current;
    queued.current = null;
    run?.();
  }, [resumed]);
  const focusAfterClose = useRef<PendingEntry | null>(null);

  const guard = <K extends keyof A>(key: K) => (...args: Parameters<A[K]>) => {
    const run = () => (latest.current[key] as (...a: Parameters<A[K]>) => void)(...args);
    const typed = entries.typed();
    if (typed.length === 0) run();
    else setQuestion({ typed, run });
  };

  const answer = (choice: 'add' | 'discard' | 'back') => {
    if (!question) return;
    const { typed, run } = question;
    setQuestion(null);
    if (choice === 'back') { focusAfterClose.current = typed[0] ?? null; return; }
    if (choice === 'add') {
      const refused = typed.filter((entry) => !entry.add());
      // a value the field refuses (already added, or the field is full) says why there
      if (refused.length > 0) { focusAfterClose.current = refused[0]!; return; }
    } else {
      for (const entry of typed) entry.discard();
    }
    queued.current = run;
    setResumed((n) => n + 1);
  };

  const dialog = (
    <AlertDialog.Root open={question !== null} onOpenChange={(open) => { if (!open) answer('back'); }}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="modal-overlay modal-overlay--top" />
        <AlertDialog.Content
          className="modal modal--md modal--top"
          onCloseAutoFocus={(event) => {
            const entry = focusAfterClose.current;
            focusAfterClose.current = null;
            if (entry) { event.preventDefault(); entry.focus(); }
          }}
        >
          <AlertDialog.Title className="modal__title">{PENDING_TITLE}</AlertDialog.Title>
          <AlertDialog.Description className="modal__description">
            {(question?.typed.length ?? 0) > 1
              ? 'These were typed but not added, so they would not be sent:'
              : 'This was typed but not added, so it would not be sent:'}
          </AlertDialog.Description>
          <ul className="pending-text__list">
            {question?.typed.map((entry) => (
              <li key={entry.label}><span className="pending-text__label">{entry.label}:</span> <span className="pending-text__text">{entry.text.trim()}</span></li>
            ))}
          </ul>
          <footer className="modal__footer">
            <AlertDialog.Cancel className="button button--secondary">Go back</AlertDialog.Cancel>
            <button type="button" className="button button--secondary" onClick={() => answer('discard')}>Discard</button>
            <AlertDialog.Action className="button" onClick={(event) => { event.preventDefault(); answer('add'); }}>Add</AlertDialog.Action>
          </footer>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );

  return { guard, entries, dialog };
}

/** Wraps a form's fields, so the list fields among them report their typed text to its guard. */
export function PendingFields({ entries, children }: { entries: PendingEntries; children: ReactNode }) {
  return <PendingEntriesContext.Provider value={entries}>{children}</PendingEntriesContext.Provider>;
}

export const PENDING_TITLE = 'Add what you typed?';
