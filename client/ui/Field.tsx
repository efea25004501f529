// One labelled form control, the same in every form (report, removal, edit request, login): the
// label, an optional hint, and the control's problem, tied to the control with aria-describedby
// and aria-invalid so a screen reader hears them together when the control gets focus.
// The control itself is the caller's (input, select, textarea, or an input inside its own
// wrapper): Field hands it the props that make those ties, and the caller spreads them on it.
import { useId, type ReactNode } from 'react';
import './ui.css';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** the control's id; one of React's by default. Its hint and problem get `<id>-hint`, `<id>-problem`. */
  id?: string;
  /** a red * after the label, hidden from screen readers: the control says aria-required itself */
  required?: boolean;
  hint?: ReactNode;
  /** shown in red under the control, instead of the hint; a message starting in lower case gets the label in front */
  problem?: string | null | undefined;
  /** the problem is announced as soon as it shows (role="alert"), for forms that list several problems at once on submit */
  announce?: boolean;
  /** more ids the control is described by, after its own problem and hint (a message about the whole form) */
  describedBy?: string | undefined;
  /** a smaller label, for fields repeated in rows */
  small?: boolean;
  /** added to the wrapper's `form-field` class */
  className?: string;
  children(control: FieldControlProps): ReactNode;
}

/** 'is required' under Lost amount reads 'Lost amount is required'; a whole sentence stays as it is. */
export function fieldMessage(label: string, problem: string): string {
  return /^[a-z]/.test(problem) ? `${label} ${problem}` : problem;
}

export function Field({
  label, id, required = false, hint, problem, announce = false, describedBy, small = false, className, children,
}: FieldProps) {
  const ownId = useId();
  const controlId = id ?? ownId;
  // a problem replaces the hint: it says the same thing, more precisely
  const hintId = hint && !problem ? `${controlId}-hint` : undefined;
  const problemId = problem ? `${controlId}-problem` : undefined;
  const described = [problemId, hintId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label htmlFor={controlId} className={small ? 'field-label field-label--small' : 'field-label'}>
        {label}
        {required ? <span className="field-required" aria-hidden="true"> *</span> : null}
      </label>
      {children({ id: controlId, 'aria-invalid': problem ? true : undefined, 'aria-describedby': described })}
      {problem ? (
        <p id={problemId} className="field-hint field-hint--problem" role={announce ? 'alert' : undefined}>
          {fieldMessage(label, problem)}
        </p>
      ) : null}
      {hintId ? <p id={hintId} className="field-hint">{hint}</p> : null}
    </div>
  );
}
