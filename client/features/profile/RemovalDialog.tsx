// product.md#screens-removal ("Removal dialog"), product.md#validation (its three messages, in order), product.md#errors: a person asks staff to remove a
// case. The request goes through the outbox (docs/design.md#outbox), so it can be made offline.
import { useId, useState, type FormEvent, type RefObject } from 'react';
import {
  removalRequestSubmitSchema, type RemovalRequestSubmitInput,
} from '../../../shared/contract/removal-request';
import { caseId } from '../../../shared/domain/case-id';
import { localDb, type LocalProfile, type RegistryDb } from '../../local';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { SUBMITTED_MESSAGE, type FailureMessage, type SubmittedMessage } from './messages';
import { FailureNote } from './Notes';
import { useOutboxSubmit } from './use-outbox-submit';
import './profile.css';

export const REMOVAL_FAILED = 'Failed to submit removal request. Please try again.'; // product.md#errors

export interface RemovalDialogProps {
  /** the case to remove: a scammer (developer) or a project */
  profile: Pick<LocalProfile, 'id' | 'name' | 'kind'> | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** after the request was sent or saved for later: what to tell the person (the dialog has closed) */
  onSubmitted(message: SubmittedMessage): void;
  /** where focus goes once the dialog has closed after a submit: the message it left */
  messageRef?: RefObject<HTMLElement | null>;
  db?: RegistryDb;
}

type RequestField = 'full_name' | 'contact_information' | 'explanation';
const FIELDS: readonly RequestField[] = ['full_name', 'contact_information', 'explanation'];
const EMPTY: Record<RequestField, string> = { full_name: '', contact_information: '', explanation: '' };

export function RemovalDialog({ profile, open, onOpenChange, onSubmitted, messageRef, db = localDb }: RemovalDialogProps) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<RequestField, string>>>({});
  const [failure, setFailure] = useState<FailureMessage | null>(null);
  const outbox = useOutboxSubmit(db, REMOVAL_FAILED, setFailure);
  const submitting = outbox.submitting;

  const theCaseId = profile ? caseId(profile.id) : '';

  // product.md#states: the form resets on success or cancel (Cancel, Escape and × are all a cancel)
  const reset = () => {
    setValues(EMPTY);
    setProblems({});
    setFailure(null);
    outbox.forgetRefused();
  };
  const close = () => {
    if (submitting) return;
    reset();
    onOpenChange(false);
  };

  const change = (field: RequestField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!profile || submitting) return;
    const request: RemovalRequestSubmitInput = {
      target_type: profile.kind,
      case_id: theCaseId,
      full_name: values.full_name,
      contact_information: values.contact_information,
      explanation: values.explanation,
      [profile.kind]: profile.id,
    };
    // product.md#validation-removal: all trimmed, checked in this order, and, as the spec's alerts
    // were, one message at a time: the first field to fix shows its message and takes focus
    const checked = removalRequestSubmitSchema.safeParse(request);
    if (!checked.success) {
      const found: Partial<Record<RequestField, string>> = {};
      const other: string[] = [];
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as RequestField;
        if (FIELDS.includes(field)) found[field] ??= issue.message;
        else other.push(issue.message);
      }
      const first = FIELDS.find((f) => found[f]);
      setProblems(first ? { [first]: found[first] } : {});
      setFailure(!first && other.length ? { text: REMOVAL_FAILED, reason: other.join(' ') } : null);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setProblems({});
    setFailure(null);
    const message = await outbox.send({ type: 'removal-request', targetName: profile.name, request: checked.data }, SUBMITTED_MESSAGE.removal);
    if (!message) return;
    reset();
    onOpenChange(false);
    onSubmitted(message);
  }

  const formId = `${id}-form`;
  // product.md#validation-removal: the one problem shown is announced when Submit finds it
  const fieldProps = (field: RequestField) => ({ id: `${id}-${field}`, problem: problems[field], announce: true });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => { if (next) onOpenChange(true); else close(); }}
      title="Case Removal Request"
      size="lg"
      closeOnOutsideClick={false}
      finalFocus={messageRef}
      footer={(
        <>
          {failure ? <FailureNote failure={failure} /> : null}
          <div className="dialog-buttons">
            <button type="button" className="button button--secondary" onClick={close} disabled={submitting}>Cancel</button>
            <button type="submit" form={formId} className="button" disabled={submitting || !profile}>
              {submitting ? 'Submitting…' : 'Submit Removal Request'}
            </button>
          </div>
        </>
      )}
    >
      <form id={formId} className="profile-form" noValidate onSubmit={(e) => void submit(e)}>
        <fieldset className="profile-form__section">
          <legend className="profile-section__title">Case Information</legend>
          <div className="profile-form__grid">
            <Field label="Case ID" id={`${id}-case`}>
              {(control) => <input {...control} className="text-input text-input--readonly" value={theCaseId} readOnly aria-readonly="true" />}
            </Field>
            <Field label="Target" id={`${id}-target`}>
              {(control) => (
                <input {...control} className="text-input text-input--readonly" value={profile?.name ?? ''} readOnly aria-readonly="true" />
              )}
            </Field>
          </div>
        </fieldset>

        <fieldset className="profile-form__section">
          <legend className="profile-section__title">Request Details</legend>
          <Field label="Full name" {...fieldProps('full_name')}>
            {(control) => (
              <input {...control} className="text-input" value={values.full_name} disabled={submitting} autoComplete="name"
                onChange={(e) => change('full_name', e.target.value)} />
            )}
          </Field>
          <Field label="Contact information" {...fieldProps('contact_information')}>
            {(control) => (
              <input {...control} className="text-input" value={values.contact_information} disabled={submitting}
                placeholder="Email address, phone or Telegram handle" onChange={(e) => change('contact_information', e.target.value)} />
            )}
          </Field>
          <Field label="Explanation for removal" {...fieldProps('explanation')}>
            {(control) => (
              <textarea {...control} rows={5} className="text-input profile-form__textarea" value={values.explanation} disabled={submitting}
                placeholder="Why should this case be removed? Include anything staff can check."
                onChange={(e) => change('explanation', e.target.value)} />
            )}
          </Field>
        </fieldset>

        <section className="profile-notice" aria-labelledby={`${id}-notice`}>
          <h3 id={`${id}-notice`} className="profile-notice__title">Important Notice</h3>
          <ul>
            <li>Staff review every removal request before anything changes.</li>
            <li>The case is removed if your explanation holds up; otherwise it stays, and the request is closed.</li>
            <li>Your name and contact information are seen only by staff, who may use them to ask you for more.</li>
          </ul>
        </section>

      </form>
    </Modal>
  );
}
