// spec §2 "Report Scammer wizard modal (3 steps)", §3 "Scammer creation payload" / "Wizard scam
// payload", §4, §5 "Wizard", §8. Step 1 who they are, step 2 their story, step 3 the scams (held
// as drafts, edited in the Add Scam modal) and a summary. The whole state is kept on the device
// ('wizard:developer' / 'wizard:project'), so a reload or a closed tab never loses it. Submit
// queues ONE outbox action: the profile, then each scam on the id the server gives it.
import {
  useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type KeyboardEventHandler, type ReactNode, type RefObject,
} from 'react';
import { WIZARD_STEPS } from '../../../shared/constants';
import type { ProfileKind } from '../../../shared/contract/common';
import { GENDERS, profileCreateSchema, type Gender } from '../../../shared/contract/profile';
import { formatAmount, parseAmount } from '../../../shared/domain/amount';
import { normalizeCurrency } from '../../../shared/domain/currency';
import { clearDraft, localDb, saveDraft, submitAction, type RegistryDb } from '../../local';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { SearchableMultiValueField } from '../../ui/SearchableMultiValueField';
import { AddScamModal, wizardScamKey } from './AddScamModal';
import { Field } from './fields';
import { notSavedOutcome, outcomeOf, REPORT_MESSAGES, type Outcome } from './messages';
import { OutcomeMessage } from './OutcomeMessage';
import { payloadProblems, toWizardScam, type ScamDraft } from './scam-draft';
import { useReplicaSuggestions } from './suggestions';
import { useStoredDraft } from './useStoredDraft';
import {
  emptyWizard, normalizeWizard, toProfileCreate, wizardHasContent, type WizardProfile, type WizardState, type WizardStep,
} from './wizard-state';
import './report.css';

export interface ReportWizardProps {
  kind: ProfileKind;
  open: boolean;
  onOpenChange(open: boolean): void;
  db?: RegistryDb;
}

/** spec §4: the whole wizard is one draft per kind. */
export const wizardKey = (kind: ProfileKind) => `wizard:${kind}`;

const STEP_TITLES: Record<WizardStep, string> = { 1: 'Who they are', 2: 'What happened', 3: 'Scams and summary' };
const FULL_NAME_REQUIRED = 'Full name is required';

type ProfileField = keyof WizardProfile;
type ProfileProblems = Partial<Record<ProfileField, string>>;
const STEP_OF_FIELD: Record<ProfileField, WizardStep> = {
  name: 1, gender: 1, nationality: 1, location: 1, geolocation: 1, languages: 1, accent: 1, bio: 2,
};

export function ReportWizard({ kind, open, onOpenChange, db = localDb }: ReportWizardProps) {
  const stored = useStoredDraft<WizardState>({
    key: wizardKey(kind), active: open, db,
    fallback: emptyWizard, normalize: normalizeWizard, hasContent: wizardHasContent,
  });
  const state = stored.value;
  const [problems, setProblems] = useState<ProfileProblems>({});
  const [scamProblems, setScamProblems] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const [moved, setMoved] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const scamAlertRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const subject = kind === 'developer' ? 'person' : 'project';

  // after a step change, focus goes to the new step's heading (read out by screen readers)
  useEffect(() => { if (moved) headingRef.current?.focus(); }, [moved]);
  // the scam problems show by the scam list, which may be scrolled away from the Submit button
  useEffect(() => {
    if (scamProblems.length === 0) return;
    scamAlertRef.current?.scrollIntoView?.({ block: 'nearest' });
    scamAlertRef.current?.focus();
  }, [scamProblems]);

  const update = (change: (s: WizardState) => WizardState) => stored.update(change);
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
      // spec §5: full name required to pass step 1
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
    setScamProblems([]);
    onOpenChange(false);
  };

  // --- scams held as drafts (spec §2)
  const startNewScam = async () => {
    await clearDraft(wizardScamKey(kind), db);
    update((s) => ({ ...s, editing: 'new' }));
  };
  const editScam = async (index: number) => {
    const draft = state?.incidents[index];
    if (!draft) return;
    await saveDraft(wizardScamKey(kind), draft, db);
    update((s) => ({ ...s, editing: index }));
  };
  const scamSaved = (draft: ScamDraft) => {
    update((s) => {
      if (s.editing === null) return s;
      const incidents = s.editing === 'new' ? [...s.incidents, draft] : s.incidents.map((d, i) => (i === s.editing ? draft : d));
      return { ...s, incidents, editing: null };
    });
    setScamProblems([]);
  };
  const scamDiscarded = () => {
    update((s) => ({
      ...s, editing: null,
      incidents: typeof s.editing === 'number' ? s.incidents.filter((_, i) => i !== s.editing) : s.incidents,
    }));
    setScamProblems([]);
  };
  const removeScam = (index: number) => {
    update((s) => ({ ...s, incidents: s.incidents.filter((_, i) => i !== index) }));
    setScamProblems([]);
  };

  const discardReport = async () => {
    await stored.replace(emptyWizard());
    await clearDraft(wizardScamKey(kind), db);
    setProblems({});
    setScamProblems([]);
  };

  // --- submit (spec §3: one profile, then each scam; one outbox action)
  const submit = async () => {
    if (!state || submitting) return;
    const profile = toProfileCreate(state.profile);
    const checked = profileCreateSchema.safeParse(profile);
    const found: ProfileProblems = {};
    if (!state.profile.name.trim()) found.name = FULL_NAME_REQUIRED; // spec §5: and to submit
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
    const scamIssues = state.incidents.flatMap((draft, i) => {
      const list = Object.values(payloadProblems(draft, 'wizard'));
      return list.length ? [`Scam ${i + 1}: ${list.join(' ')}`] : [];
    });
    if (scamIssues.length) {
      setScamProblems(scamIssues);
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
      if (result.outcome === 'rejected') {
        // spec §8: wizard submit failures are logged with which call failed
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

  const step = state?.step ?? 1;
  const editing = state?.editing ?? null;

  const footer = outcome ? (
    outcome.tone === 'failed' ? (
      <button type="button" className="button" onClick={() => setOutcome(null)} autoFocus>Back to the report</button>
    ) : (
      <>
        <button type="button" className="button button--secondary" onClick={() => setOutcome(null)}>Report another</button>
        <button type="button" className="button" onClick={close} autoFocus>Done</button>
      </>
    )
  ) : state === null ? null : (
    <>
      {step === 1 ? (
        <button type="button" className="button button--secondary" onClick={close}>Cancel</button>
      ) : (
        <button type="button" className="button button--secondary" onClick={previous} disabled={submitting}>Previous</button>
      )}
      {step < WIZARD_STEPS ? (
        <button type="button" className="button" onClick={next}>Next</button>
      ) : (
        <button type="button" className="button" onClick={() => { void submit(); }} disabled={submitting}>
          {submitting ? 'Submitting…' : 'Submit report'}
        </button>
      )}
    </>
  );

  return (
    <>
      <Modal
        open={open}
        onOpenChange={(o) => (o ? onOpenChange(true) : close())}
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
            <>
              <StepIndicator step={step} onDiscard={wizardHasContent(state) ? () => setDiscarding(true) : undefined} />
              <h3 ref={headingRef} tabIndex={-1} className="wizard__heading">{STEP_TITLES[step]}</h3>
              {step === 1 ? (
                <IdentityStep kind={kind} db={db} profile={state.profile} problems={problems} set={setProfile} onEnter={next} />
              ) : step === 2 ? (
                <StoryStep kind={kind} profile={state.profile} problems={problems} set={setProfile} />
              ) : (
                <ScamsStep
                  kind={kind}
                  state={state}
                  problems={scamProblems}
                  alertRef={scamAlertRef}
                  onAdd={() => { void startNewScam(); }}
                  onEdit={(i) => { void editScam(i); }}
                  onRemove={setRemoving}
                />
              )}
            </>
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
        onDraftSaved={scamSaved}
        onDraftDiscarded={scamDiscarded}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => { if (!o) setRemoving(null); }}
        title="Remove this scam?"
        description="It will be removed from your report."
        confirmLabel="Remove"
        cancelLabel="Keep it"
        onConfirm={() => { if (removing !== null) removeScam(removing); setRemoving(null); }}
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
    </>
  );
}

function StepIndicator({ step, onDiscard }: { step: WizardStep; onDiscard?: () => void }) {
  return (
    <div className="wizard__progress">
      <p className="wizard__step-count" aria-live="polite">Step {step} of {WIZARD_STEPS}</p>
      <ol className="wizard__steps" aria-label="Steps">
        {([1, 2, 3] as const).map((n) => (
          <li key={n} className={n === step ? 'wizard__dot wizard__dot--current' : n < step ? 'wizard__dot wizard__dot--done' : 'wizard__dot'}
            aria-current={n === step ? 'step' : undefined}>
            <span className="visually-hidden">{`Step ${n}: ${STEP_TITLES[n]}`}</span>
          </li>
        ))}
      </ol>
      {onDiscard ? <button type="button" className="wizard__discard" onClick={onDiscard}>Discard report</button> : null}
    </div>
  );
}

interface StepProps {
  kind: ProfileKind;
  profile: WizardProfile;
  problems: ProfileProblems;
  set<F extends ProfileField>(field: F, value: WizardProfile[F]): void;
}

function IdentityStep({ kind, db, profile, problems, set, onEnter }: StepProps & { db: RegistryDb; onEnter(): void }) {
  const suggest = useReplicaSuggestions(kind, db);
  // Enter in a single-line field moves on, as in a form; list fields use Enter to add values
  const enterMovesOn = (e: KeyboardEvent<HTMLInputElement>) => { if (e.key === 'Enter') { e.preventDefault(); onEnter(); } };
  return (
    <div className="report-form">
      <Field label="Full name" required problem={problems.name}
        hint={kind === 'project' ? 'The name the project goes by.' : 'The name they used with you, as complete as you know it.'}>
        {(props) => (
          <input {...props} className="text-input" type="text" autoComplete="off" required aria-required="true"
            value={profile.name} onChange={(e) => set('name', e.target.value)} onKeyDown={enterMovesOn} />
        )}
      </Field>
      {/* spec §3 gender options Male, Female, Other, Not Specified: GENDERS, the list the server checks with */}
      <Field label="Gender" problem={problems.gender}>
        {(props) => (
          <select {...props} className="text-input" value={profile.gender} onChange={(e) => set('gender', e.target.value as Gender)}>
            {GENDERS.map((g) => <option key={g} value={g}>{g}</option>)}
          </select>
        )}
      </Field>
      <div className="report-row">
        <TextField label="Nationality" value={profile.nationality} problem={problems.nationality} onChange={(v) => set('nationality', v)} onKeyDown={enterMovesOn} />
        <TextField label="Location" value={profile.location} problem={problems.location} onChange={(v) => set('location', v)} onKeyDown={enterMovesOn}
          placeholder="City, country, or Remote" />
      </div>
      <TextField label="Geolocation" value={profile.geolocation} problem={problems.geolocation} onChange={(v) => set('geolocation', v)} onKeyDown={enterMovesOn}
        hint="Coordinates or an area, if you know them, e.g. 40.71, -74.00." />
      <SearchableMultiValueField label="Languages" values={profile.languages} onChange={(v) => set('languages', v)}
        loadSuggestions={suggest('Languages')} placeholder="e.g. English" />
      <TextField label="Accent" value={profile.accent} problem={problems.accent} onChange={(v) => set('accent', v)} onKeyDown={enterMovesOn} />
    </div>
  );
}

function TextField({ label, value, onChange, problem, hint, placeholder, onKeyDown }: {
  label: string;
  value: string;
  onChange(value: string): void;
  problem?: string;
  hint?: ReactNode;
  placeholder?: string;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
}) {
  return (
    <Field label={label} problem={problem} hint={hint} className="report-row__grow">
      {(props) => (
        <input {...props} className="text-input" type="text" autoComplete="off" placeholder={placeholder}
          value={value} onChange={(e) => onChange(e.target.value)} onKeyDown={onKeyDown} />
      )}
    </Field>
  );
}

function StoryStep({ kind, profile, problems, set }: StepProps) {
  return (
    <div className="report-form">
      <Field label={kind === 'developer' ? 'Bio' : 'About the project'} problem={problems.bio}
        hint="What happened, and how they operate: their pitch, where they found you, the tricks they used.">
        {(props) => (
          <textarea {...props} className="text-input report-textarea report-textarea--tall" rows={9}
            value={profile.bio} onChange={(e) => set('bio', e.target.value)} />
        )}
      </Field>
    </div>
  );
}

function totalsByCurrency(drafts: readonly ScamDraft[]): string {
  const totals = new Map<string, number>();
  for (const d of drafts) {
    const amount = parseAmount(d.lostAmount);
    if (amount === null) continue;
    const currency = normalizeCurrency(d.currency);
    totals.set(currency, (totals.get(currency) ?? 0) + amount);
  }
  return [...totals].map(([currency, sum]) => `${formatAmount(sum)} ${currency}`).join(', ');
}

function ScamsStep({ kind, state, problems, alertRef, onAdd, onEdit, onRemove }: {
  kind: ProfileKind;
  state: WizardState;
  problems: string[];
  alertRef: RefObject<HTMLDivElement | null>;
  onAdd(): void;
  onEdit(index: number): void;
  onRemove(index: number): void;
}) {
  const listId = useId();
  const { profile, incidents } = state;
  const total = useMemo(() => totalsByCurrency(incidents), [incidents]);
  const who = kind === 'developer' ? 'this person' : 'this project';
  return (
    <div className="report-form">
      <section aria-labelledby={listId} className="wizard__scams">
        <h4 id={listId} className="wizard__subheading">Scams ({incidents.length})</h4>
        {incidents.length === 0 ? (
          <p className="muted">No scams added yet. Add each scam by {who} you know of: staff verify reports by their scams.</p>
        ) : (
          <ul className="wizard__scam-list">
            {incidents.map((draft, i) => (
              <ScamCard key={i} index={i} draft={draft} onEdit={() => onEdit(i)} onRemove={() => onRemove(i)} />
            ))}
          </ul>
        )}
        <button type="button" className="button button--secondary" onClick={onAdd}>Add a scam</button>
        {problems.length ? (
          <div ref={alertRef} tabIndex={-1} role="alert" className="report-outcome report-outcome--error">
            <p className="report-outcome__title">Some scams need a fix before the report can be sent.</p>
            <ul>{problems.map((p) => <li key={p}>{p}</li>)}</ul>
          </div>
        ) : null}
      </section>

      <section aria-label="Summary of the report" className="wizard__summary">
        <h4 className="wizard__subheading">Summary</h4>
        <dl className="wizard__facts">
          <Fact term="Full name" value={profile.name} />
          <Fact term="Gender" value={profile.gender} />
          <Fact term="Nationality" value={profile.nationality} />
          <Fact term="Location" value={profile.location} />
          <Fact term="Geolocation" value={profile.geolocation} />
          <Fact term="Languages" value={profile.languages.join(', ')} />
          <Fact term="Accent" value={profile.accent} />
          <Fact term={kind === 'developer' ? 'Bio' : 'About the project'} value={profile.bio} long />
          <Fact term="Scams" value={String(incidents.length)} />
          {total ? <Fact term="Reported loss" value={total} /> : null}
        </dl>
      </section>
    </div>
  );
}

function Fact({ term, value, long = false }: { term: string; value: string; long?: boolean }) {
  return (
    <div className={long ? 'wizard__fact wizard__fact--long' : 'wizard__fact'}>
      <dt>{term}</dt>
      <dd>{value.trim() ? value : '—'}</dd>
    </div>
  );
}

function ScamCard({ index, draft, onEdit, onRemove }: { index: number; draft: ScamDraft; onEdit(): void; onRemove(): void }) {
  const amount = parseAmount(draft.lostAmount);
  const incomplete = !draft.description.trim() || amount === null;
  const label = `Scam ${index + 1}`;
  return (
    <li className="wizard__scam">
      <div className="wizard__scam-head">
        <strong>{label}</strong>
        {incomplete ? <span className="wizard__badge">Incomplete</span> : null}
      </div>
      <p className="wizard__scam-text">{draft.description.trim() || 'No description yet.'}</p>
      <p className="wizard__scam-meta">
        {amount !== null ? `${formatAmount(amount)} ${normalizeCurrency(draft.currency)}` : 'No valid lost amount yet'}
        {draft.scamDate ? ` · ${draft.scamDate}` : ''}
        {draft.scamTypes.length ? ` · ${draft.scamTypes.join(', ')}` : ''}
      </p>
      <div className="wizard__scam-actions">
        <button type="button" className="button button--secondary" onClick={onEdit} aria-label={`Edit ${label}`}>Edit</button>
        <button type="button" className="button button--secondary" onClick={onRemove} aria-label={`Remove ${label}`}>Remove</button>
      </div>
    </li>
  );
}
