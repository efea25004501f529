// 'Report Person' / 'Report Project' on the registry page and a small report dialog: full name
// and one incident (spec §2, §3). A stand-in for the 3-step wizard of a later issue, wired the
// same way: the action goes to the outbox (client/local), so it is never lost to a bad network.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DEFAULT_CURRENCY } from '../../../shared/constants';
import type { ProfileKind } from '../../../shared/contract/common';
import { profileCreateSchema } from '../../../shared/contract/profile';
import { wizardScamSchema } from '../../../shared/contract/scam-submit';
import { submitAction } from '../../local';
import { Modal } from '../../ui/Modal';

interface Draft {
  name: string;
  description: string;
  lostAmount: string;
  currency: string;
}

const EMPTY: Draft = { name: '', description: '', lostAmount: '', currency: DEFAULT_CURRENCY };

/** 'failed': not even saved on this device (the draft is kept); the others are in the outbox */
type Outcome = { kind: 'sent' | 'queued' | 'rejected' | 'failed'; message: string };

export const REPORT_MESSAGES = {
  sent: 'Submitted',
  queued: 'Saved. It will be sent when you are back online.',
  rejectedHint: 'It is kept in your pending list, where you can correct it and send it again.',
} as const;

export function ReportButton({ kind }: { kind: ProfileKind }) {
  const [open, setOpen] = useState(false);
  // the draft lives here, not in the dialog: closing and reopening keeps what was typed
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const subject = kind === 'developer' ? 'Person' : 'Project';
  const formId = useId();

  function edit(field: keyof Draft, value: string) {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function close() {
    setOpen(false);
    setOutcome(null); // the next opening starts from the form (with any draft still in it)
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // the same schemas the server checks with (STYLE.md 1)
    const profile = profileCreateSchema.safeParse({ name: draft.name });
    const incident = wizardScamSchema.safeParse({
      description: draft.description, lostAmount: draft.lostAmount, currency: draft.currency,
    });
    const found: Partial<Record<keyof Draft, string>> = {};
    if (!profile.success) found.name = profile.error.issues[0]?.message;
    if (!incident.success) {
      for (const issue of incident.error.issues) {
        const field = issue.path[0] as keyof Draft;
        found[field] ??= issue.message;
      }
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }

    setBusy(true);
    try {
      const result = await submitAction({
        type: 'report-profile',
        kind,
        profile: { name: draft.name.trim() },
        incidents: [{ description: draft.description.trim(), lostAmount: draft.lostAmount.trim(), currency: draft.currency.trim() }],
      });
      // sent, queued or rejected: the outbox holds it now (a rejected one shows in the pending list)
      setDraft(EMPTY);
      if (result.outcome === 'sent') setOutcome({ kind: 'sent', message: REPORT_MESSAGES.sent });
      else if (result.outcome === 'queued') setOutcome({ kind: 'queued', message: REPORT_MESSAGES.queued });
      else setOutcome({ kind: 'rejected', message: result.message ?? result.entry.lastError ?? 'The server refused the report.' });
    } catch (error) {
      // not even saved on this device: keep the draft so nothing typed is lost
      setOutcome({ kind: 'failed', message: `Could not save the report: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setBusy(false);
    }
  }

  const footer = outcome ? (
    <>
      <button type="button" className="button" onClick={() => setOutcome(null)}>
        {outcome.kind === 'failed' ? 'Back to the form' : 'Report another'}
      </button>
      <button type="button" className="button button-primary" onClick={close}>
        Done
      </button>
    </>
  ) : (
    <button type="submit" form={formId} className="button button-primary" disabled={busy}>
      {busy ? 'Submitting…' : 'Submit report'}
    </button>
  );

  return (
    <>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)}>
        Report {subject}
      </button>
      <Modal
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title={`Report a ${subject.toLowerCase()}`}
        footer={footer}
        closeOnOutsideClick={false}
      >
        {outcome ? (
          outcome.kind === 'rejected' || outcome.kind === 'failed' ? (
            <div role="alert" className="message message-error">
              <p>{outcome.message}</p>
              {outcome.kind === 'rejected' ? <p>{REPORT_MESSAGES.rejectedHint}</p> : null}
            </div>
          ) : (
            <p role="status" className={outcome.kind === 'sent' ? 'message message-ok' : 'message message-info'}>
              {outcome.message}
            </p>
          )
        ) : (
          <form id={formId} className="report-form" noValidate onSubmit={(event) => void submit(event)}>
            <p className="muted">Staff check every report before it appears in the registry. Closing keeps what you typed.</p>
            <Field label="Full name" error={errors.name}>
              {(props) => <input {...props} type="text" autoComplete="off" value={draft.name} onChange={(e) => edit('name', e.target.value)} />}
            </Field>
            <fieldset>
              <legend>What happened</legend>
              <Field label="Description" error={errors.description}>
                {(props) => <textarea {...props} rows={4} value={draft.description} onChange={(e) => edit('description', e.target.value)} />}
              </Field>
              <div className="field-row">
                <Field label="Lost amount" error={errors.lostAmount}>
                  {(props) => <input {...props} type="text" inputMode="decimal" value={draft.lostAmount} onChange={(e) => edit('lostAmount', e.target.value)} />}
                </Field>
                <Field label="Currency" error={errors.currency} optional>
                  {(props) => <input {...props} type="text" autoCapitalize="characters" value={draft.currency} onChange={(e) => edit('currency', e.target.value)} />}
                </Field>
              </div>
            </fieldset>
          </form>
        )}
      </Modal>
    </>
  );
}

interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  required: boolean;
}

function Field({
  label, error, optional = false, children,
}: {
  label: string;
  error: string | undefined;
  optional?: boolean;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional ? null : <span className="required" aria-hidden="true"> *</span>}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined, required: !optional })}
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
