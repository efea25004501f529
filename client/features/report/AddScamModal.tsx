// product.md#screens-add-scam ("Add Scam modal (also a draft editor)"), product.md#entities-scam-draft ("Scam draft form") / "Scam submit payload",
// product.md#states ("Scam draft"), product.md#validation-scam-form ("Scam form"). In 'submit' mode it adds an incident to an existing profile
// through the outbox (so it works offline); in 'draft' mode (the wizard) it hands the draft back.
// Whatever is typed is kept on the device while the dialog is open, so closing it, reloading
// or losing the tab keeps the draft; only Cancel (after asking) or a submit clears it.
// Each identifier is checked as it is added (IncidentFields.tsx, checks/), and text typed in a
// list field but not added is asked about before a save, a submit or a close (pending-text.tsx).
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ProfileKind } from '../../../shared/contract/common';
import { localDb, submitAction, type RegistryDb } from '../../local';
import { useRegistryQuery } from '../../state/registry-query';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import type { ListedProfile } from './checks/lookup';
import { IncidentFields } from './IncidentFields';
import { notSavedOutcome, outcomeOf, REPORT_MESSAGES, type Outcome } from './messages';
import { OutcomeMessage } from './OutcomeMessage';
import { PendingFields, usePendingGuard } from './pending-text';
import {
  emptyScamDraft, normalizeScamDraft, payloadProblems, preselectedScamTypes, scamDraftHasContent,
  scamDraftReady, toScamSubmit, type ScamDraft, type ScamDraftField, type ScamDraftProblems,
} from './scam-draft';
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
  /**
   * draft mode: the scam goes to a listed profile that already holds one of its identifiers,
   * instead of to the new profile (issue 16, step 6); the editor closes without handing it back
   */
  onUseListed?(profile: ListedProfile, draft: ScamDraft): void;
  /** where the form is kept while open; by default per kind and profile (product.md#states) */
  draftKey?: string;
  db?: RegistryDb;
}

/** product.md#states: an Add Scam draft is stored per entity type and profile. */
export const scamDraftKey = (kind: ProfileKind, profileId: number | null) => `scam:${kind}:${profileId ?? 'new'}`;
/** The wizard's scam editor, while it is open. */
export const wizardScamKey = (kind: ProfileKind) => `wizard:${kind}:scam`;

export function AddScamModal({
  kind, profile, open, onOpenChange, mode, initial, onDraftSaved, onDraftDiscarded, onUseListed, draftKey, db = localDb,
}: AddScamModalProps) {
  const key = draftKey ?? (mode === 'submit' ? scamDraftKey(kind, profile?.id ?? null) : wizardScamKey(kind));
  // product.md#constants: scam types preselected from the active filters' known labels
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
    else onDraftDiscarded?.(); // product.md#states: a wizard draft with no content is discarded silently
    void draft.replace(base);
  };

  const onModalOpenChange = (next: boolean) => {
    if (next) { onOpenChange(true); return; }
    // product.md#screens: closing keeps the entered data (stored here, or handed back in draft mode)
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

  /** draft mode: the scam leaves the wizard for a listed profile; the editor's copy is cleared */
  const moveTo = (target: ListedProfile) => {
    if (!value || !onUseListed) return;
    onUseListed(target, value);
    void draft.replace(base);
    close();
  };

  // text typed in a list field but not added is asked about before it could be lost
  const pending = usePendingGuard({
    resubmit: () => formRef.current?.requestSubmit(),
    close: () => onModalOpenChange(false),
    moveTo,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending.entries.typed().length > 0) { pending.guard('resubmit')(); return; }
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
      <button type="button" className="button" onClick={() => setOutcome(null)}>Back to the form</button>
    ) : (
      <button type="button" className="button" onClick={close}>Done</button>
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
        onOpenChange={(next) => (next ? onModalOpenChange(true) : pending.guard('close')())}
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
            <PendingFields entries={pending.entries}>
              <IncidentFields
                kind={kind}
                db={db}
                value={value}
                set={set}
                touch={touch}
                problem={visible}
                disabled={submitting}
                reportingOn={mode === 'submit' ? profile?.id : undefined}
                onUseListed={mode === 'draft' && onUseListed ? pending.guard('moveTo') : undefined}
              />
            </PendingFields>
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
      {pending.dialog}
    </>
  );
}
