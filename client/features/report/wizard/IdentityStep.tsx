// Step 1, who they are: the profile's name (required, product.md#validation), gender, where they are from and
// are, languages and accent. Enter in a single-line field moves on, as in a form. A name that a
// listed profile already has is pointed out under it (checks/ListedNameNote.tsx).
import type { KeyboardEvent, KeyboardEventHandler, ReactNode } from 'react';
import { GENDERS } from '../../../../shared/contract/profile';
import type { RegistryDb } from '../../../local';
import { Field } from '../../../ui/Field';
import { SearchableMultiValueField } from '../../../ui/SearchableMultiValueField';
import { ListedNameNote } from '../checks/ListedNameNote';
import type { ListedProfile } from '../checks/lookup';
import { useReplicaSuggestions } from '../suggestions';
import type { WizardProfile } from '../wizard-state';
import type { ProfileStepProps } from './steps';

export interface IdentityStepProps extends ProfileStepProps {
  db: RegistryDb;
  onEnter(): void;
  /** the name is already listed, and the person adds a scam to that profile instead */
  onUseListed(profile: ListedProfile): void;
}

export function IdentityStep({ kind, db, profile, problems, set, onEnter, onUseListed }: IdentityStepProps) {
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
      <ListedNameNote name={profile.name} onUseListed={onUseListed} />
      {/* product.md#entities gender options Male, Female, Other, Not Specified: GENDERS, the list the server checks with */}
      <Field label="Gender" problem={problems.gender}>
        {(props) => (
          <select {...props} className="text-input" value={profile.gender}
            onChange={(e) => set('gender', e.target.value as WizardProfile['gender'])}>
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
