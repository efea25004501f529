// product.md#screens-wizard ("Report Scammer wizard modal (3 steps)"), product.md#entities-profile-create ("Scammer creation payload") / "Wizard scam
// payload", product.md#states, product.md#validation-wizard ("Wizard"), product.md#errors. Step 1 who they are, step 2 their story, step 3 the scams (held
// as drafts, edited in the Add Scam modal) and a summary. The whole state is kept on the device
// ('wizard:developer' / 'wizard:project'), so a reload or a closed tab never loses it. Submit
// queues ONE outbox action: the profile, then each scam on the id the server gives it.
// This file holds the wizard's state and composes the steps, each in its own file in wizard/.
// Report-time checks (issue 16, step 6): a name or a scam's identifier that a listed profile
// already holds can send the scam to that profile instead (reportOnListed), and text typed in a
// list field but not added is asked about before a step is left (pending-text.tsx).
// "Report it" on the registry's honest no-match opens it with the identifier filled in (prefill.ts).
import { useEffect, useRef, useState } from 'react';
import { WIZARD_STEPS } from '../../../shared/constants';
import type { ProfileKind } from '../../../shared/contract/common';
import { profileCreateSchema } from '../../../shared/contract/profile';
import type { IdentifierKind } from '../../../shared/identifiers';
import { KIND_WORDS } from '../../../shared/identifiers/kind-words';
import { clearDraft, localDb, saveDraft, submitAction, type RegistryDb } from '../../local';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { AddScamModal, scamDraftKey, wizardScamKey } from './AddScamModal';
import type { IdentifierListField } from './checks/identifier-fields';
import type { ListedProfile } from './checks/lookup';
import { notSavedOutcome, outcomeOf, REPORT_MESSAGES, type Outcome } from './messages';
import { OutcomeMessage } from './OutcomeMessage';
import { PendingFields, usePendingGuard } from './pending-text';
import { planPrefill, withIdentifier, type PrefillPlan, type ReportPrefill } from './prefill';
import { payloadProblems, toWizardScam, type ScamDraft } from './scam-draft';
import { useStoredDraft } from './useStoredDraft';
import { IdentityStep } from './wizard/IdentityStep';
import { IncidentsStep } from './wizard/IncidentsStep';
import { StepIndicator } from './wizard/StepIndicator';
import { STEP_OF_FIELD, STEP_TITLES, type ProfileField, type ProfileProblems } from './wizard/steps';
import { StoryStep } from './wizard/StoryStep';
import {
  emptyWizard, normalizeWizard, toProfileCreate, wizardHasContent, type WizardProfile, type WizardState, type WizardStep,
} from './wizard-state';
import './report.css';

export interface ReportWizardProps {
  kind: ProfileKind;
  open: boolean;
  onOpenChange(open: boolean): void;
  db?: RegistryDb;
  /** an identifier to report ("Report it" on a search that found nothing): filled in once per id */
  prefill?: ReportPrefill;
}

/** What the wizard says about an identifier it was opened with, while it stays open. */
interface PrefillNotice {
  how: 'started' | 'added' | 'present';
  field: IdentifierListField;
  /** what the search read it as: named in the kind words every screen uses */
  kind: IdentifierKind;
  value: string;
  scam: number;
}

/** product.md#states: the whole wizard is one draft per kind. */
export const wizardKey = (kind: ProfileKind) => `wizard:${kind}`;

const FULL_NAME_REQUIRED = 'Full name is required';

export function ReportWizard({ kind, open, onOpenChange, db = localDb, prefill }: ReportWizardProps) {
  const stored = useStoredDraft<WizardState>({
    key: wizardKey(kind), active: open, db,
    fallback: emptyWizard, normalize: normalizeWizard, hasContent: wizardHasContent,
  });
  const state = stored.value;
  const [problems, setProblems] = useState<ProfileProblems>({});
  const [incidentProblems, setIncidentProblems] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const [moved, setMoved] = useState(0);
  /** a listed profile the person chose to add a scam to instead (issue 16, step 6) */
  const [reportingOn, setReportingOn] = useState<ListedProfile | null>(null);
  /** the prefill taken in (each once, when the stored report has been read), and what the wizard says about it */
  const [taken, setTaken] = useState<{ id: number; plan: PrefillPlan } | null>(null);
  const [answered, setAnswered] = useState<number | null>(null);
  const [notice, setNotice] = useState<PrefillNotice | null>(null);
  const started = useRef<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const incidentAlertRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const subject = kind === 'developer' ? 'person' : 'project';

  // after a step change, focus goes to the new step's heading (read out by screen readers)
  useEffect(() => { if (moved) headingRef.current?.focus(); }, [moved]);
  // the scam problems show by the scam list, which may be scrolled away from the Submit button
  useEffect(() => {
    if (incidentProblems.length === 0) return;
    incidentAlertRef.current?.scrollIntoView?.({ block: 'nearest' });
    incidentAlertRef.current?.focus();
  }, [incidentProblems]);

  const update = (change: (s: WizardState) => WizardState) => stored.update(change);
  const replaceStored = stored.replace;

  // "Report it": once the stored report is read, the identifier goes in (a new report), or the
  // person is asked first (a report in progress), or is told where the report already has it
  if (open && state && prefill && taken?.id !== prefill.id) {
    const plan = planPrefill(state, prefill);
    setTaken({ id: prefill.id, plan });
    const kind = prefill.identifierKind;
    setNotice(plan.action === 'start' ? { how: 'started', field: plan.field, kind, value: plan.value, scam: 1 }
      : plan.action === 'present' ? { how: 'present', field: plan.field, kind, value: plan.value, scam: plan.scam }
        : null);
  }
  useEffect(() => {
    if (taken?.plan.action !== 'start' || started.current === taken.id) return;
    started.current = taken.id;
    void replaceStored(withIdentifier(emptyWizard(), taken.plan.field, taken.plan.value, true).state);
  }, [taken, replaceStored]);
  const asking = taken?.plan.action === 'ask' && answered !== taken.id ? taken.plan : null;

  const addAsked = () => {
    if (!asking) return;
    let scam = 0;
    update((s) => {
      const added = withIdentifier(s, asking.field, asking.value, false);
      scam = added.scam;
      return added.state;
    });
    if (prefill) setNotice({ how: 'added', field: asking.field, kind: prefill.identifierKind, value: asking.value, scam });
    setAnswered(taken?.id ?? null);
  };
  const setProfile = <F extends ProfileField>(field: F, value: WizardProfile[F]) => {
    update((s) => ({ ...s, profile: { ...s.profile, [field]: value } }));
    setProblems((p) => (p[field] ? { ...p, [field]: undefined } : p));
  };
  const goTo = (step: WizardStep) => {
    update((s) => ({ ...s, step }));
    setMoved((n) => n + 1);
  };

  const focusFirstProblem = () => {
    requestAnimationFrame(() => bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const next = () => {
    if (!state) return;
    if (state.step === 1 && !state.profile.name.trim()) {
      // product.md#validation: full name required to pass step 1
      setProblems((p) => ({ ...p, name: FULL_NAME_REQUIRED }));
      focusFirstProblem();
      return;
    }
    if (state.step < WIZARD_STEPS) goTo((state.step + 1) as WizardStep);
  };
  const previous = () => { if (state && state.step > 1) goTo((state.step - 1) as WizardStep); };

  const close = () => {
    setOutcome(null);
    setProblems({});
    setIncidentProblems([]);
    setNotice(null);
    onOpenChange(false);
  };

  // --- scams held as drafts (product.md#screens)
  const startNewIncident = async () => {
    await clearDraft(wizardScamKey(kind), db);
    update((s) => ({ ...s, editing: 'new' }));
  };
  const editIncident = async (index: number) => {
    const draft = state?.incidents[index];
    if (!draft) return;
    await saveDraft(wizardScamKey(kind), draft, db);
    update((s) => ({ ...s, editing: index }));
  };
  const incidentSaved = (draft: ScamDraft) => {
    update((s) => {
      if (s.editing === null) return s;
      const incidents = s.editing === 'new' ? [...s.incidents, draft] : s.incidents.map((d, i) => (i === s.editing ? draft : d));
      return { ...s, incidents, editing: null };
    });
    setIncidentProblems([]);
  };
  const incidentDiscarded = () => {
    update((s) => ({
      ...s, editing: null,
      incidents: typeof s.editing === 'number' ? s.incidents.filter((_, i) => i !== s.editing) : s.incidents,
    }));
    setIncidentProblems([]);
  };
  const removeIncident = (index: number) => {
    update((s) => ({ ...s, incidents: s.incidents.filter((_, i) => i !== index) }));
    setIncidentProblems([]);
  };

  const discardReport = async () => {
    await stored.replace(emptyWizard());
    await clearDraft(wizardScamKey(kind), db);
    setNotice(null);
    setProblems({});
    setIncidentProblems([]);
  };

  /**
   * The profile is already listed: a scam goes to it instead of to a new profile. A scam being
   * edited leaves the report (it is kept as that profile's Add Scam draft, product.md#states) and that
   * profile's Add Scam opens with it.
   */
  const reportOnListed = (target: ListedProfile, draft?: ScamDraft) => {
    if (!draft) { setReportingOn(target); return; }
    update((s) => ({
      ...s, editing: null,
      incidents: typeof s.editing === 'number' ? s.incidents.filter((_, i) => i !== s.editing) : s.incidents,
    }));
    saveDraft(scamDraftKey(target.profileKind, target.id), draft, db).then(
      () => setReportingOn(target),
      (error: unknown) => console.error('Saving the draft on this device failed', error),
    );
  };

  // --- submit (product.md#entities: one profile, then each scam; one outbox action)
  const submit = async () => {
    if (!state || submitting) return;
    const profile = toProfileCreate(state.profile);
    const checked = profileCreateSchema.safeParse(profile);
    const found: ProfileProblems = {};
    if (!state.profile.name.trim()) found.name = FULL_NAME_REQUIRED; // product.md#validation: and to submit
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as ProfileField;
        if (field in STEP_OF_FIELD) found[field] ??= issue.message;
      }
    }
    const firstField = (Object.keys(STEP_OF_FIELD) as ProfileField[]).find((f) => found[f]);
    if (firstField) {
      setProblems(found);
      goTo(STEP_OF_FIELD[firstField]);
      focusFirstProblem();
      return;
    }
    const incidentIssues = state.incidents.flatMap((draft, i) => {
      const list = Object.values(payloadProblems(draft, 'wizard'));
      return list.length ? [`Scam ${i + 1}: ${list.join(' ')}`] : [];
    });
    if (incidentIssues.length) {
      setIncidentProblems(incidentIssues);
      return;
    }

    setSubmitting(true);
    try {
      const result = await submitAction(
        { type: 'report-profile', kind, profile, incidents: state.incidents.map(toWizardScam) },
        { db },
      );
      // whatever the answer, the report is in the outbox now: the wizard starts afresh
      await stored.replace(emptyWizard());
      setNotice(null);
      if (result.outcome === 'rejected') {
        // product.md#errors: wizard submit failures are logged with which call failed
        console.error(result.entry.results.length === 0 ? 'Scammer Submit failed' : 'Scam submit failed', result.message);
      }
      setOutcome(outcomeOf(result, REPORT_MESSAGES.reportFailed));
    } catch (error) {
      console.error('Scammer Submit failed', error);
      setOutcome(notSavedOutcome(error, REPORT_MESSAGES.reportFailed));
    } finally {
      setSubmitting(false);
    }
  };

  // leaving a step, submitting or closing with text typed in a list field asks about it first
  const pending = usePendingGuard({ next, previous, close, submit: () => { void submit(); } });

  const step = state?.step ?? 1;
  const editing = state?.editing ?? null;

  const footer = outcome ? (
    outcome.tone === 'failed' ? (
      <button type="button" className="button" onClick={() => setOutcome(null)}>Back to the report</button>
    ) : (
      <>
        <button type="button" className="button button--secondary" onClick={() => setOutcome(null)}>Report another</button>
        <button type="button" className="button" onClick={close}>Done</button>
      </>
    )
  ) : state === null ? null : (
    <>
      {step === 1 ? (
        <button type="button" className="button button--secondary" onClick={pending.guard('close')}>Cancel</button>
      ) : (
        <button type="button" className="button button--secondary" onClick={pending.guard('previous')} disabled={submitting}>Previous</button>
      )}
      {step < WIZARD_STEPS ? (
        <button type="button" className="button" onClick={pending.guard('next')}>Next</button>
      ) : (
        <button type="button" className="button" onClick={pending.guard('submit')} disabled={submitting}>
          {submitting ? 'Submitting…' : 'Submit report'}
        </button>
      )}
    </>
  );

  return (
    <>
      <Modal
        open={open}
        onOpenChange={(o) => (o ? onOpenChange(true) : pending.guard('close')())}
        title={`Report a ${subject}`}
        description="What you enter is kept on this device until you submit it; staff review every report before it is published."
        size="xl"
        footer={footer}
        closeOnOutsideClick={false}
      >
        <div ref={bodyRef} className="wizard">
          {outcome ? (
            <OutcomeMessage outcome={outcome} />
          ) : state === null ? (
            <p className="muted">Loading…</p>
          ) : (
            <PendingFields entries={pending.entries}>
              <StepIndicator step={step} onDiscard={wizardHasContent(state) ? () => setDiscarding(true) : undefined} />
              {notice ? <PrefillNote notice={notice} /> : null}
              <h3 ref={headingRef} tabIndex={-1} className="wizard__heading">{STEP_TITLES[step]}</h3>
              {step === 1 ? (
                <IdentityStep kind={kind} db={db} profile={state.profile} problems={problems} set={setProfile} onEnter={pending.guard('next')}
                  onUseListed={reportOnListed} />
              ) : step === 2 ? (
                <StoryStep kind={kind} profile={state.profile} problems={problems} set={setProfile} />
              ) : (
                <IncidentsStep
                  kind={kind}
                  state={state}
                  problems={incidentProblems}
                  alertRef={incidentAlertRef}
                  onAdd={() => { void startNewIncident(); }}
                  onEdit={(i) => { void editIncident(i); }}
                  onRemove={setRemoving}
                />
              )}
            </PendingFields>
          )}
        </div>
      </Modal>
      <AddScamModal
        kind={kind}
        profile={null}
        mode="draft"
        db={db}
        open={open && editing !== null}
        initial={typeof editing === 'number' ? state?.incidents[editing] : undefined}
        onOpenChange={(o) => { if (!o) update((s) => ({ ...s, editing: null })); }}
        onDraftSaved={incidentSaved}
        onDraftDiscarded={incidentDiscarded}
        onUseListed={reportOnListed}
      />
      {reportingOn ? (
        <AddScamModal
          key={`${reportingOn.profileKind}:${reportingOn.id}`}
          kind={reportingOn.profileKind}
          profile={{ id: reportingOn.id, name: reportingOn.name }}
          mode="submit"
          db={db}
          open={open}
          onOpenChange={(o) => { if (!o) setReportingOn(null); }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => { if (!o) setRemoving(null); }}
        title="Remove this scam?"
        description="It will be removed from your report."
        confirmLabel="Remove"
        cancelLabel="Keep it"
        onConfirm={() => { if (removing !== null) removeIncident(removing); setRemoving(null); }}
      />
      <ConfirmDialog
        open={open && asking !== null}
        onOpenChange={(o) => { if (!o) setAnswered(taken?.id ?? null); }}
        title="Add it to your report in progress?"
        description={asking && state ? inProgressText(kind, state, asking.value) : ''}
        confirmLabel="Add to this report"
        cancelLabel="Keep the report as it is"
        danger={false}
        onConfirm={addAsked}
      />
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title="Discard this report?"
        description="Everything you entered in this report, scams included, will be deleted from this device."
        confirmLabel="Discard report"
        cancelLabel="Keep it"
        onConfirm={() => { void discardReport(); }}
      />
      {pending.dialog}
    </>
  );
}

/** "Jane Roe", with 2 scams: the report in progress, as the question about adding to it names it. */
function inProgressText(kind: ProfileKind, state: WizardState, value: string): string {
  const subject = kind === 'developer' ? 'person' : 'project';
  const name = state.profile.name.trim();
  const count = state.incidents.length;
  const scams = count === 0 ? 'no scams yet' : count === 1 ? '1 scam' : `${count} scams`;
  return `You have a report of a ${subject} in progress on this device${name ? ` (${name})` : ''}, with ${scams}. `
    + `${value} can be added to it as a new scam. To report it on its own instead, submit or discard that report first.`;
}

/** Where the identifier the wizard was opened with is in the report, and what is left to do. */
function PrefillNote({ notice }: { notice: PrefillNotice }) {
  const what = KIND_WORDS[notice.kind];
  const scam = `Scam ${notice.scam}`;
  const text = notice.how === 'started'
    ? `It is filled in as ${scam}'s ${what}. Add what you know of who is behind it, then describe that scam on step 3.`
    : notice.how === 'added'
      ? `It is added to your report as ${scam}'s ${what}. Describe that scam on step 3.`
      : `It is already in your report, in ${scam}.`;
  return (
    <div className="wizard__prefill" role="status">
      <p className="wizard__prefill-title">Reporting <span className="wizard__prefill-value">{notice.value}</span></p>
      <p>{text}</p>
    </div>
  );
}
