// Labelled single inputs of the report forms: the label, a hint, and the field's problem, tied
// to the input with aria-describedby / aria-invalid so a screen reader hears them together.
import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  required?: boolean;
  hint?: ReactNode;
  /** shown in red under the field; a message starting in lower case gets the label in front */
  problem?: string | undefined;
  children(props: FieldControlProps): ReactNode;
  className?: string;
}

export function fieldMessage(label: string, problem: string): string {
  return /^[a-z]/.test(problem) ? `${label} ${problem}` : problem;
}

export function Field({ label, required = false, hint, problem, children, className }: FieldProps) {
  const id = useId();
  // a problem replaces the hint: it says the same thing, more precisely
  const hintId = hint && !problem ? `${id}-hint` : undefined;
  const problemId = problem ? `${id}-problem` : undefined;
  const describedBy = [problemId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `report-field ${className}` : 'report-field'}>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? <span className="report-required" aria-hidden="true"> *</span> : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(problem), 'aria-describedby': describedBy })}
      {problem ? <p id={problemId} className="field-hint field-hint--problem">{fieldMessage(label, problem)}</p> : null}
      {hintId ? <p id={hintId} className="field-hint">{hint}</p> : null}
    </div>
  );
}
