// product.md#screens-edit-request ("Edit-request dialog"), product.md#entities, product.md#states (target mode), product.md#validation, product.md#calls, product.md#errors: anyone proposes changes to a
// profile and to one of its incidents; staff review them. Every field starts from what the
// replica shows and is optional; only what changed is sent, through the outbox.
import { useId, useMemo, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { GENDERS, isGender } from '../../../shared/contract/profile';
import { localDb, type LocalIncident, type LocalProfile, type RegistryDb } from '../../local';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { TagInput } from '../../ui/TagInput';
import {
  buildEditRequest, incidentForm, profileForm, TARGET_MODE,
  type BankRow, type IncidentForm, type ProfileForm,
} from './edit-request-form';
import { SUBMITTED_MESSAGE, type FailureMessage, type SubmittedMessage } from './messages';
import { FailureNote } from './Notes';
import { formatMoney, incidentDate } from './profile-data';
import { useOutboxSubmit } from './use-outbox-submit';
import './profile.css';

export const EDIT_FAILED = 'Failed to submit edit request.'; // product.md#errors

export interface EditRequestDialogProps {
  profile: LocalProfile | null;
  /** the profile's incidents from the replica, newest first; null while they load */
  incidents: readonly LocalIncident[] | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** after the request was sent or saved for later: what to tell the person (the dialog has closed) */
  onSubmitted(message: SubmittedMessage): void;
  /** where focus goes once the dialog has closed after a submit: the message it left */
  messageRef?: RefObject<HTMLElement | null>;
  db?: RegistryDb;
}

interface IncidentEdits { forId: number | null; values: Partial<IncidentForm> }
const NO_INCIDENT_EDITS: IncidentEdits = { forId: null, values: {} };

/** "2024-05-02 · Rug Pull, Phishing · 1,500 USD" */
function incidentLabel(incident: LocalIncident): string {
  const parts = [incidentDate(incident) || 'No date', incident.types.join(', ') || 'Incident'];
  const money = formatMoney(incident.amount, incident.currency);
  if (money) parts.push(money);
  return parts.join(' · ');
}

export function EditRequestDialog({ profile, incidents, open, onOpenChange, onSubmitted, messageRef, db = localDb }: EditRequestDialogProps) {
  const id = useId();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [profileEdits, setProfileEdits] = useState<Partial<ProfileForm>>({});
  const [incidentEdits, setIncidentEdits] = useState<IncidentEdits>(NO_INCIDENT_EDITS);
  // a problem of the amount shows by that field; any other above the buttons (the spec's text, the reason apart)
  const [problem, setProblem] = useState<{ failure: FailureMessage; field?: 'amount' } | null>(null);
  const outbox = useOutboxSubmit(db, EDIT_FAILED, (failure) => setProblem({ failure }));
  const submitting = outbox.submitting;

  // product.md#states: target mode 'scam_update' only; the first incident is chosen once they have loaded
  const selected = incidents?.find((i) => i.id === chosenId) ?? incidents?.[0] ?? null;
  const initialProfile = useMemo(() => (profile ? profileForm(profile) : null), [profile]);
  const initialIncident = useMemo(() => (selected ? incidentForm(selected) : null), [selected]);
  const profileValues = initialProfile ? { ...initialProfile, ...profileEdits } : null;
  const incidentValues = initialIncident
    ? { ...initialIncident, ...(incidentEdits.forId === selected?.id ? incidentEdits.values : {}) }
    : null;

  const reset = () => {
    setChosenId(null);
    setProfileEdits({});
    setIncidentEdits(NO_INCIDENT_EDITS);
    setProblem(null);
    outbox.forgetRefused();
  };
  const close = () => {
    if (submitting) return;
    reset();
    onOpenChange(false);
  };

  const setProfile = <K extends keyof ProfileForm>(field: K, value: ProfileForm[K]) => {
    setProfileEdits((e) => ({ ...e, [field]: value }));
    if (problem && !problem.field) setProblem(null);
  };
  const setIncident = <K extends keyof IncidentForm>(field: K, value: IncidentForm[K]) => {
    const forId = selected?.id ?? null;
    setIncidentEdits((e) => ({ forId, values: { ...(e.forId === forId ? e.values : {}), [field]: value } }));
    if (problem && (!problem.field || problem.field === field)) setProblem(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!profile || !initialProfile || !profileValues || submitting) return;
    const built = buildEditRequest({
      profileId: profile.id,
      incidentId: selected?.id,
      initialProfile,
      profile: profileValues,
      initialIncident,
      incident: incidentValues,
    });
    if (!built.ok) {
      setProblem(built.field ? { failure: { text: built.message }, field: built.field } : { failure: { text: built.message } });
      if (built.field) document.getElementById(`${id}-${built.field}`)?.focus();
      return;
    }
    setProblem(null);
    const message = await outbox.send({
      type: 'edit-request', kind: profile.kind, profileId: built.profileId, profileName: profile.name, request: built.request,
    }, SUBMITTED_MESSAGE.edit);
    if (!message) return;
    reset();
    onOpenChange(false);
    onSubmitted(message);
  }

  const formId = `${id}-form`;
  const noIncident = !selected;
  const incidentNote = incidents === null
    ? 'Loading incidents…'
    : noIncident ? 'This case has no incidents yet, so only its Profile Information can be changed.' : null;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => { if (next) onOpenChange(true); else close(); }}
      title={`Submit Changes for ${profile?.name ?? ''}`}
      description="All fields are optional. Staff review every request."
      size="xl"
      closeOnOutsideClick={false}
      finalFocus={messageRef}
      footer={(
        <>
          {problem && problem.field !== 'amount'
            ? <FailureNote failure={problem.failure} />
            : null}
          <div className="dialog-buttons">
            <button type="button" className="button button--secondary" onClick={close} disabled={submitting}>Cancel</button>
            <button type="submit" form={formId} className="button" disabled={submitting || !profile}>
              {submitting ? 'Submitting…' : 'Submit Changes'}
            </button>
          </div>
        </>
      )}
    >
      {profile && profileValues ? (
        <form id={formId} className="profile-form" noValidate onSubmit={(e) => void submit(e)}>
          <fieldset className="profile-form__section" data-target-mode={TARGET_MODE}>
            <legend className="profile-section__title">Target Selection</legend>
            <Field label="Incident to update" id={`${id}-incident`}
              hint={incidentNote ?? 'Financial, company, contact and technical changes apply to this incident.'}>
              {(control) => (
                <select {...control} className="text-input" disabled={noIncident || submitting} value={selected?.id ?? ''}
                  onChange={(e) => {
                    const next = Number(e.target.value);
                    setChosenId(next);
                    setIncidentEdits({ forId: next, values: {} });
                  }}>
                  {noIncident ? <option value="">No incident</option> : null}
                  {incidents?.map((i) => <option key={i.id} value={i.id}>{incidentLabel(i)}</option>)}
                </select>
              )}
            </Field>
          </fieldset>

          <fieldset className="profile-form__section" disabled={submitting}>
            <legend className="profile-section__title">Profile Information</legend>
            <div className="profile-form__grid">
              <TextField id={`${id}-name`} label="Name" value={profileValues.name} onChange={(v) => setProfile('name', v)} />
              <Field label="Gender" id={`${id}-gender`}>
                {(control) => (
                  <select {...control} className="text-input" value={profileValues.gender}
                    onChange={(e) => { if (isGender(e.target.value)) setProfile('gender', e.target.value); }}>
                    {GENDERS.map((g) => <option key={g} value={g}>{g}</option>)}
                  </select>
                )}
              </Field>
              <TextField id={`${id}-nationality`} label="Nationality" value={profileValues.nationality}
                onChange={(v) => setProfile('nationality', v)} />
              <TextField id={`${id}-location`} label="Location" value={profileValues.location}
                onChange={(v) => setProfile('location', v)} />
            </div>
            <Field label="Bio" id={`${id}-bio`}>
              {(control) => (
                <textarea {...control} className="text-input profile-form__textarea" rows={4} value={profileValues.bio}
                  onChange={(e) => setProfile('bio', e.target.value)} />
              )}
            </Field>
            <TagInput label="Languages" values={profileValues.languages} onChange={(v) => setProfile('languages', v)}
              placeholder="Add a language" />
          </fieldset>

          {incidentValues ? (
            <IncidentSections id={id} values={incidentValues} set={setIncident} disabled={submitting}
              amountProblem={problem?.field === 'amount' ? problem.failure.text : null} />
          ) : null}

        </form>
      ) : null}
    </Modal>
  );
}

interface IncidentSectionsProps {
  id: string;
  values: IncidentForm;
  set<K extends keyof IncidentForm>(field: K, value: IncidentForm[K]): void;
  disabled: boolean;
  /** the amount's problem, shown under it (its id is `<id>-amount-problem`) */
  amountProblem: string | null;
}

function IncidentSections({ id, values, set, disabled, amountProblem }: IncidentSectionsProps) {
  const list = (field: ListField, label: string, placeholder: string, inputMode?: 'text' | 'email' | 'tel' | 'url') => (
    <TagInput label={label} values={values[field]} onChange={(v) => set(field, v)} placeholder={placeholder}
      inputMode={inputMode} disabled={disabled} />
  );
  return (
    <>
      <Section title="Financial Information">
        <div className="profile-form__grid">
          <Field label="Amount lost" id={`${id}-amount`} problem={amountProblem} announce
            hint="Leave empty to keep the amount as it is.">
            {(control) => (
              <input {...control} className="text-input" inputMode="decimal" autoComplete="off" value={values.amount}
                disabled={disabled} placeholder="e.g. 1250.50" onChange={(e) => set('amount', e.target.value)} />
            )}
          </Field>
          <Field label="Currency" id={`${id}-currency`}>
            {/* product.md#validation: forced to upper case as it is typed */}
            {(control) => (
              <input {...control} className="text-input profile-form__currency" autoComplete="off" autoCapitalize="characters"
                value={values.currency} disabled={disabled} placeholder="USD"
                onChange={(e) => set('currency', e.target.value.toUpperCase())} />
            )}
          </Field>
        </div>
        {list('walletAddresses', 'Wallet addresses', 'Add a wallet address')}
        <BankRows id={id} rows={values.banks} onChange={(rows) => set('banks', rows)} disabled={disabled} />
      </Section>

      <Section title="Company Information">
        {list('companiesUsed', 'Companies used', 'Add a company')}
        {list('companyAddresses', 'Company addresses', 'Add an address')}
        {list('industries', 'Industries', 'Add an industry')}
        {list('scamTypes', 'Scam types', 'Add a scam type')}
      </Section>

      <Section title="Contact Information">
        {list('nicknames', 'Nicknames', 'Add a nickname')}
        {list('emails', 'Emails', 'Add an email', 'email')}
        {list('phones', 'Phone numbers', 'Add a phone number', 'tel')}
        {list('telegrams', 'Telegram handles', 'Add a handle, e.g. @name')}
      </Section>

      <Section title="Technical Information">
        {list('websites', 'Websites', 'Add a website', 'url')}
        {list('ipAddresses', 'IP addresses', 'Add an IP address')}
      </Section>
    </>
  );
}

type ListField = {
  [K in keyof IncidentForm]: IncidentForm[K] extends string[] ? K : never;
}[keyof IncidentForm];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="profile-form__section">
      <legend className="profile-section__title">{title}</legend>
      {children}
    </fieldset>
  );
}

function TextField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange(value: string): void }) {
  return (
    <Field label={label} id={id}>
      {(control) => <input {...control} className="text-input" value={value} autoComplete="off" onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/**
 * Bank names and accounts as rows (product.md#entities/product.md#validation: paired by position; a row with both sides empty
 * is dropped on submit). Rows rather than two tag lists: two accounts at the same bank need the
 * same bank name twice, which a tag list refuses as a duplicate.
 */
function BankRows({ id, rows, onChange, disabled }: { id: string; rows: BankRow[]; onChange(rows: BankRow[]): void; disabled: boolean }) {
  const update = (index: number, patch: Partial<BankRow>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <div className="bank-rows" role="group" aria-labelledby={`${id}-banks`}>
      <p id={`${id}-banks`} className="field-label">Bank accounts</p>
      {rows.length === 0 ? <p className="field-hint">No bank account recorded.</p> : null}
      <ol className="bank-rows__list">
        {rows.map((row, index) => {
          const n = index + 1;
          return (
            // rows have no identity of their own; position is what pairs them (product.md#entities)
            <li key={index} className="bank-rows__row">
              <Field label={`Bank name ${n}`} id={`${id}-bank-${n}`} small>
                {(control) => (
                  <input {...control} className="text-input" value={row.bank_name} disabled={disabled} autoComplete="off"
                    onChange={(e) => update(index, { bank_name: e.target.value })} />
                )}
              </Field>
              <Field label={`Account ${n}`} id={`${id}-account-${n}`} small>
                {(control) => (
                  <input {...control} className="text-input" value={row.account} disabled={disabled} autoComplete="off"
                    onChange={(e) => update(index, { account: e.target.value })} />
                )}
              </Field>
              <button type="button" className="button button--quiet button--small bank-rows__remove" disabled={disabled}
                aria-label={`Remove bank account ${n}`} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button--secondary button--small" disabled={disabled}
        onClick={() => onChange([...rows, { bank_name: '', account: '' }])}>
        Add a bank account
      </button>
    </div>
  );
}
