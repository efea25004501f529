// spec §2 "Add Scam modal (also a draft editor)", §3 "Scam draft form" / "Scam submit payload",
// §4 "Scam draft", §5 "Scam form". In 'submit' mode it adds an incident to an existing profile
// through the outbox (so it works offline); in 'draft' mode (the wizard) it hands the draft back.
// Whatever is typed is kept on the device while the dialog is open, so closing it, reloading
// or losing the tab keeps the draft; only Cancel (after asking) or a submit clears it.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ProfileKind } from '../../../shared/contract/common';
import { KNOWN_SCAM_TYPES } from '../../../shared/contract/scam-submit';
import { localDb, submitAction, type RegistryDb } from '../../local';
import { useRegistryQuery } from '../../state/registry-query';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { SearchableMultiValueField } from '../../ui/SearchableMultiValueField';
import { TagInput } from '../../ui/TagInput';
import { AvatarError, AVATAR_ACCEPT, pictureToAvatar } from './avatar-image';
import { Field } from './fields';
import { notSavedOutcome, outcomeOf, REPORT_MESSAGES, type Outcome } from './messages';
import { OutcomeMessage } from './OutcomeMessage';
import {
  emptyScamDraft, normalizeScamDraft, payloadProblems, preselectedScamTypes, scamDraftHasContent,
  scamDraftReady, toScamSubmit, type ScamDraft, type ScamDraftField, type ScamDraftProblems,
} from './scam-draft';
import { useReplicaSuggestions } from './suggestions';
import { useStoredDraft } from './useStoredDraft';
import './report.css';

export interface AddScamModalProps {
  kind: ProfileKind;
  /** the profile the scam is added to; null in the wizard, where the profile does not exist yet */
  profile: { id: number; name: string } | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** 'submit': send it to the profile; 'draft': hand it back with onDraftSaved (the wizard) */
  mode: 'submit' | 'draft';
  /** the draft to start from when none is stored (editing a wizard draft) */
  initial?: ScamDraft;
  /** draft mode: Save, or closing with something entered */
  onDraftSaved?(draft: ScamDraft): void;
  /** draft mode: Cancel confirmed, or closed or saved with nothing entered (discarded silently) */
  onDraftDiscarded?(): void;
  /** where the form is kept while open; by default per kind and profile (spec §4) */
  draftKey?: string;
  db?: RegistryDb;
}

/** spec §4: an Add Scam draft is stored per entity type and profile. */
export const scamDraftKey = (kind: ProfileKind, profileId: number | null) => `scam:${kind}:${profileId ?? 'new'}`;
/** The wizard's scam editor, while it is open. */
export const wizardScamKey = (kind: ProfileKind) => `wizard:${kind}:scam`;

export function AddScamModal({
  kind, profile, open, onOpenChange, mode, initial, onDraftSaved, onDraftDiscarded, draftKey, db = localDb,
}: AddScamModalProps) {
  const key = draftKey ?? (mode === 'submit' ? scamDraftKey(kind, profile?.id ?? null) : wizardScamKey(kind));
  // spec §9: scam types preselected from the active filters' known labels
  const activeScamTypes = useRegistryQuery((s) => s.filters['Scam Type']);
  const base = useMemo(() => emptyScamDraft(preselectedScamTypes(activeScamTypes)), [activeScamTypes]);
  const draft = useStoredDraft<ScamDraft>({
    key, active: open, db,
    fallback: () => initial ?? base,
    normalize: normalizeScamDraft,
    hasContent: (value) => scamDraftHasContent(value, base),
  });
  const value = draft.value;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<ScamDraftField>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [focusProblem, setFocusProblem] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const payload = mode === 'submit' ? 'submit' : 'wizard';

  const problems: ScamDraftProblems = useMemo(() => (value ? payloadProblems(value, payload) : {}), [value, payload]);
  const visible = (field: ScamDraftField) => (showAll || touched.has(field) ? problems[field] : undefined);

  useEffect(() => {
    if (!focusProblem) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusProblem]);

  const resetView = () => {
    setOutcome(null);
    setShowAll(false);
    setTouched(new Set());
    setConfirming(false);
  };

  const close = () => {
    resetView();
    onOpenChange(false);
  };

  /** draft mode: what is entered goes back to the wizard; the editor's copy is cleared */
  const handBack = (current: ScamDraft) => {
    if (scamDraftHasContent(current, base)) onDraftSaved?.(current);
    else onDraftDiscarded?.(); // spec §4: a wizard draft with no content is discarded silently
    void draft.replace(base);
  };

  const onModalOpenChange = (next: boolean) => {
    if (next) { onOpenChange(true); return; }
    // spec §2: closing keeps the entered data (stored here, or handed back in draft mode)
    if (mode === 'draft' && value && !outcome) handBack(value);
    close();
  };

  const cancel = () => {
    if (value && scamDraftHasContent(value, base)) { setConfirming(true); return; }
    if (mode === 'draft') onDraftDiscarded?.();
    close();
  };

  const discard = () => {
    void draft.replace(base);
    if (mode === 'draft') onDraftDiscarded?.();
    close();
  };

  const set = <F extends ScamDraftField>(field: F, next: ScamDraft[F]) => {
    draft.update((d) => ({ ...d, [field]: next }));
  };
  const touch = (field: ScamDraftField) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value || !scamDraftReady(value) || submitting) return;
    if (Object.keys(problems).length > 0) {
      setShowAll(true);
      setFocusProblem((n) => n + 1);
      return;
    }
    if (mode === 'draft') {
      handBack(value);
      close();
      return;
    }
    if (!profile) return;
    setSubmitting(true);
    try {
      const result = await submitAction(
        { type: 'add-incident', kind, profileId: profile.id, profileName: profile.name, incident: toScamSubmit(value) },
        { db },
      );
      // sent, queued or refused, it is in the outbox now: the draft has done its work
      await draft.replace(base);
      setTouched(new Set());
      setShowAll(false);
      if (result.outcome === 'rejected') console.error('Scam submit failed', result.message);
      setOutcome(outcomeOf(result, REPORT_MESSAGES.scamFailed));
    } catch (error) {
      console.error('Scam submit failed', error);
      setOutcome(notSavedOutcome(error, REPORT_MESSAGES.scamFailed));
    } finally {
      setSubmitting(false);
    }
  };

  const ready = value !== null && scamDraftReady(value);
  const title = mode === 'submit' || !initial ? 'Add Scam' : 'Edit scam';
  const description = mode === 'submit'
    ? `A scam by ${profile?.name ?? 'this profile'}. Staff review it before it is shown.`
    : 'It stays with your report as a draft until you submit the report.';

  const footer = outcome ? (
    outcome.tone === 'failed' ? (
      <button type="button" className="button" onClick={() => setOutcome(null)} autoFocus>Back to the form</button>
    ) : (
      <button type="button" className="button" onClick={close} autoFocus>Done</button>
    )
  ) : (
    <>
      {!ready ? <p className="report-footer-note">Description and lost amount are required.</p> : null}
      <button type="button" className="button button--secondary" onClick={cancel} disabled={submitting}>Cancel</button>
      <button type="submit" form={formId} className="button" disabled={!ready || submitting || (mode === 'submit' && !profile)}>
        {mode === 'draft' ? 'Save scam' : submitting ? 'Submitting…' : 'Submit'}
      </button>
    </>
  );

  return (
    <>
      <Modal
        open={open}
        onOpenChange={onModalOpenChange}
        title={title}
        description={description}
        size="xl"
        footer={footer}
        closeOnOutsideClick={false}
      >
        {outcome ? (
          <OutcomeMessage outcome={outcome} />
        ) : value === null ? (
          <p className="muted">Loading…</p>
        ) : (
          <form
            ref={formRef}
            id={formId}
            className="report-form"
            noValidate
            onSubmit={(event) => { void submit(event); }}
          >
            <ScamFields
              kind={kind}
              db={db}
              value={value}
              set={set}
              touch={touch}
              problem={visible}
              disabled={submitting}
            />
          </form>
        )}
      </Modal>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Discard this draft?"
        description={mode === 'draft' && initial
          ? 'This scam will be removed from your report.'
          : 'What you entered for this scam will be deleted from this device.'}
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={discard}
      />
    </>
  );
}

interface ScamFieldsProps {
  kind: ProfileKind;
  db: RegistryDb;
  value: ScamDraft;
  set<F extends ScamDraftField>(field: F, next: ScamDraft[F]): void;
  touch(field: ScamDraftField): void;
  problem(field: ScamDraftField): string | undefined;
  disabled: boolean;
}

/** The form's fields; mounted only while the dialog is open, so the replica is read then. */
function ScamFields({ kind, db, value, set, touch, problem, disabled }: ScamFieldsProps) {
  const suggest = useReplicaSuggestions(kind, db);
  const someone = kind === 'developer' ? 'the scammer' : 'the project';

  return (
    <>
      <fieldset className="report-section" disabled={disabled}>
        <legend>What happened</legend>
        <Field label="Description" required problem={problem('description')} hint="How it happened, step by step: what they promised, what you paid, what followed.">
          {(props) => (
            <textarea {...props} className="text-input report-textarea" rows={5} required aria-required="true" value={value.description}
              onChange={(e) => set('description', e.target.value)} onBlur={() => touch('description')} />
          )}
        </Field>
        <div className="report-row">
          <Field label="Lost amount" required problem={problem('lostAmount')} hint="A number, like 1250 or 1250.50." className="report-row__grow">
            {(props) => (
              <input {...props} className="text-input" type="text" inputMode="decimal" autoComplete="off" required aria-required="true"
                value={value.lostAmount} onChange={(e) => set('lostAmount', e.target.value)} onBlur={() => touch('lostAmount')} />
            )}
          </Field>
          <Field label="Currency" problem={problem('currency')} className="report-row__currency">
            {(props) => (
              <input {...props} className="text-input" type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={10}
                value={value.currency} onChange={(e) => set('currency', e.target.value.toUpperCase())} onBlur={() => touch('currency')} />
            )}
          </Field>
        </div>
        <Field label="Date of the scam" problem={problem('scamDate')}>
          {(props) => (
            <input {...props} className="text-input report-date" type="date" value={value.scamDate}
              onChange={(e) => set('scamDate', e.target.value)} onBlur={() => touch('scamDate')} />
          )}
        </Field>
        <SearchableMultiValueField label="Scam types" values={value.scamTypes} onChange={(v) => set('scamTypes', v)}
          loadSuggestions={suggest('Scam Type', KNOWN_SCAM_TYPES)} placeholder="e.g. Rug Pull" disabled={disabled} />
        <SearchableMultiValueField label="Industries" values={value.industries} onChange={(v) => set('industries', v)}
          loadSuggestions={suggest('Industry')} placeholder="e.g. DeFi" disabled={disabled} />
      </fieldset>

      <fieldset className="report-section" disabled={disabled}>
        <legend>Who did it</legend>
        <TagInput label="Nicknames" values={value.nickname} onChange={(v) => set('nickname', v)} placeholder={`A name ${someone} used`} disabled={disabled} />
        <AvatarField value={value.avatar} onChange={(v) => set('avatar', v)} problem={problem('avatar')} disabled={disabled} />
        <SearchableMultiValueField label="Company used" values={value.companiesUsed} onChange={(v) => set('companiesUsed', v)}
          loadSuggestions={suggest(['Companies Used', 'Company'])} max={1} hint="One company at most." disabled={disabled} />
        <TagInput label="Company addresses" values={value.company_address} onChange={(v) => set('company_address', v)} disabled={disabled} />
      </fieldset>

      <fieldset className="report-section" disabled={disabled}>
        <legend>How they reached you</legend>
        <TagInput label="Websites" values={value.websites} onChange={(v) => set('websites', v)} inputMode="url" placeholder="scam-site.example" disabled={disabled} />
        <TagInput label="Email addresses" values={value.emails} onChange={(v) => set('emails', v)} inputMode="email" disabled={disabled} />
        <TagInput label="Phone numbers" values={value.phoneNumbers} onChange={(v) => set('phoneNumbers', v)} inputMode="tel" disabled={disabled} />
        <TagInput label="Telegram handles" values={value.telegramHandles} onChange={(v) => set('telegramHandles', v)} placeholder="@handle" disabled={disabled} />
      </fieldset>

      <fieldset className="report-section" disabled={disabled}>
        <legend>Where the money went</legend>
        <TagInput label="Wallet addresses" values={value.walletAddresses} onChange={(v) => set('walletAddresses', v)} placeholder="0x…, bc1…" disabled={disabled} />
        <SearchableMultiValueField label="Banks" values={value.bankNames} onChange={(v) => set('bankNames', v)}
          loadSuggestions={suggest('Banks')} disabled={disabled} />
        <TagInput label="Bank accounts" values={value.bankAccounts} onChange={(v) => set('bankAccounts', v)} disabled={disabled} />
        <p className="field-hint report-pairing">Banks and accounts are paired in order: the first account with the first bank.</p>
      </fieldset>

      <fieldset className="report-section" disabled={disabled}>
        <legend>Technical details</legend>
        <TagInput label="IP addresses" values={value.ipAddresses} onChange={(v) => set('ipAddresses', v)} inputMode="decimal" placeholder="203.0.113.7" disabled={disabled} />
      </fieldset>

      <fieldset className="report-section" disabled={disabled}>
        <legend>Your contact</legend>
        <Field label="How staff can reach you" problem={problem('victimsContact')} hint="Optional. Only staff see it, to ask you more.">
          {(props) => (
            <input {...props} className="text-input" type="text" autoComplete="email" value={value.victimsContact}
              onChange={(e) => set('victimsContact', e.target.value)} onBlur={() => touch('victimsContact')} />
          )}
        </Field>
      </fieldset>
    </>
  );
}

function AvatarField({ value, onChange, problem, disabled }: {
  value: string | null;
  onChange(value: string | null): void;
  problem: string | undefined;
  disabled: boolean;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = error || problem;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      onChange(await pictureToAvatar(file));
    } catch (caught) {
      setError(caught instanceof AvatarError ? caught.message : 'This picture could not be used.');
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = ''; // the same file can be picked again
    }
  };

  return (
    <div className="report-field report-avatar-field">
      <label htmlFor={id} className="field-label">Picture</label>
      <div className="report-avatar-row">
        {value ? <img className="report-avatar" src={value} alt="The chosen picture" width={64} height={64} /> : null}
        <input
          ref={inputRef}
          id={id}
          className="report-file"
          type="file"
          accept={AVATAR_ACCEPT}
          disabled={disabled || busy}
          aria-invalid={Boolean(shown)}
          aria-describedby={`${id}-hint`}
          onChange={(e) => { void pick(e.target.files?.[0]); }}
        />
        {value ? (
          <button type="button" className="button button--secondary" disabled={disabled} onClick={() => onChange(null)}>
            Remove picture
          </button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className={shown ? 'field-hint field-hint--problem' : 'field-hint'} aria-live="polite">
        {busy ? 'Preparing the picture…' : shown || 'Optional. A PNG, JPEG or WebP picture; it is made small on this device before it is sent.'}
      </p>
    </div>
  );
}
