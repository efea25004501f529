// The wizard's three steps (product.md#screens-wizard ("Report Scammer wizard modal (3 steps)")): their titles, which
// step shows each profile field, and what every step component is given.
import type { ProfileKind } from '../../../../shared/contract/common';
import type { WizardProfile, WizardStep } from '../wizard-state';

export const STEP_TITLES: Record<WizardStep, string> = { 1: 'Who they are', 2: 'What happened', 3: 'Scams and summary' };

export type ProfileField = keyof WizardProfile;
export type ProfileProblems = Partial<Record<ProfileField, string>>;

/** Where a field's problem is shown, in the order problems are looked for. */
export const STEP_OF_FIELD: Record<ProfileField, WizardStep> = {
  name: 1, gender: 1, nationality: 1, location: 1, geolocation: 1, languages: 1, accent: 1, bio: 2,
};

export interface ProfileStepProps {
  kind: ProfileKind;
  profile: WizardProfile;
  problems: ProfileProblems;
  set<F extends ProfileField>(field: F, value: WizardProfile[F]): void;
}
