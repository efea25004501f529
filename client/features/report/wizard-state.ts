// The Report Scammer wizard's state (product.md#screens, product.md#states): three steps, the profile's own fields, and the
// scams held as drafts until the final submit. The whole state is kept in the drafts table
// ('wizard:developer' / 'wizard:project'), so a reload or a closed tab never loses it.
import { WIZARD_STEPS } from '../../../shared/constants';
import { isGender, type Gender, type ProfileCreateInput } from '../../../shared/contract/profile';
import { normalizeScamDraft, scamDraftHasContent, type ScamDraft } from './scam-draft';

export type WizardStep = 1 | 2 | 3;

export interface WizardProfile {
  name: string;
  gender: Gender;
  nationality: string;
  location: string;
  geolocation: string;
  languages: string[];
  accent: string;
  bio: string;
}

export interface WizardState {
  step: WizardStep;
  profile: WizardProfile;
  /** product.md#screens: scams held as drafts, editable or removable, until the final submit */
  incidents: ScamDraft[];
  /** the scam being edited in the Add Scam modal: an index into incidents, 'new', or null */
  editing: number | 'new' | null;
}

export const DEFAULT_GENDER: Gender = 'Not Specified';

export function emptyWizard(): WizardState {
  return {
    step: 1,
    profile: { name: '', gender: DEFAULT_GENDER, nationality: '', location: '', geolocation: '', languages: [], accent: '', bio: '' },
    incidents: [],
    editing: null,
  };
}

const TEXT_KEYS = ['name', 'nationality', 'location', 'geolocation', 'accent', 'bio'] as const;

/** product.md#states: a wizard with nothing typed in it is not worth keeping (it is discarded silently). */
export function wizardHasContent(state: WizardState): boolean {
  const p = state.profile;
  return TEXT_KEYS.some((key) => p[key].trim() !== '') || p.gender !== DEFAULT_GENDER || p.languages.length > 0
    || state.incidents.length > 0;
}

const isStep = (v: unknown): v is WizardStep => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= WIZARD_STEPS;

/** A stored wizard as a complete state; anything unreadable becomes the empty value. */
export function normalizeWizard(stored: unknown): WizardState | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  const state = emptyWizard();
  if (isStep(record.step)) state.step = record.step;
  const profile = (typeof record.profile === 'object' && record.profile !== null ? record.profile : {}) as Record<string, unknown>;
  for (const key of TEXT_KEYS) if (typeof profile[key] === 'string') state.profile[key] = profile[key];
  if (typeof profile.gender === 'string' && isGender(profile.gender)) state.profile.gender = profile.gender;
  if (Array.isArray(profile.languages)) state.profile.languages = profile.languages.filter((l): l is string => typeof l === 'string');
  if (Array.isArray(record.incidents)) {
    state.incidents = record.incidents.map(normalizeScamDraft).filter((d): d is ScamDraft => d !== null && scamDraftHasContent(d));
  }
  const editing = record.editing;
  if (editing === 'new' || (typeof editing === 'number' && editing >= 0 && editing < state.incidents.length)) state.editing = editing;
  return state;
}

/** product.md#entities-profile-create ("Scammer creation payload") (also for projects); reported now, always unverified. */
export function toProfileCreate(profile: WizardProfile, now: Date = new Date()): ProfileCreateInput {
  return {
    name: profile.name.trim(),
    bio: profile.bio.trim(),
    gender: profile.gender,
    location: profile.location.trim(),
    geolocation: profile.geolocation.trim(),
    nationality: profile.nationality.trim(),
    languages: profile.languages,
    accent: profile.accent.trim(),
    reported_person_date: now.toISOString(),
    verification_status: 'unverified',
    is_verified: false,
  };
}
