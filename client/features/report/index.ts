// The report feature: the Report wizard behind 'Report Person' / 'Report Project', and the Add
// Scam modal (product.md#screens) that the profile view composes in (client/app wires them together).
// ReportLookupProvider (checks/lookup.tsx) is how the app tells both forms what the registry
// already lists: import it from there, since this index would bring the forms into the first
// download, which loads them lazily.
export { ReportButton } from './ReportButton';
export type { ReportButtonProps } from './ReportButton';
export { ReportWizard, wizardKey } from './ReportWizard';
export type { ReportWizardProps } from './ReportWizard';
export { AddScamModal, scamDraftKey } from './AddScamModal';
export type { AddScamModalProps } from './AddScamModal';
export type { ScamDraft } from './scam-draft';
export type { ReportPrefill } from './prefill';
export type {
  IdentifierLookup, ListedLookalike, ListedMatch, ListedProfile, LookupAnswer, NameLookup, ReportLookup,
} from './checks/lookup';
