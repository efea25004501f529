// Step 2, what happened: the profile's bio ("About the project" for a project).
import { Field } from '../../../ui/Field';
import type { ProfileStepProps } from './steps';

export function StoryStep({ kind, profile, problems, set }: ProfileStepProps) {
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
