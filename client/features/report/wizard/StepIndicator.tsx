// The wizard's progress: "Step n of 3", a dot per step, and Discard report once something is entered.
import { WIZARD_STEPS } from '../../../../shared/constants';
import type { WizardStep } from '../wizard-state';
import { STEP_TITLES } from './steps';

export function StepIndicator({ step, onDiscard }: { step: WizardStep; onDiscard?: () => void }) {
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
