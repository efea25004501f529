// The report feature: the Report wizard behind 'Report Person' / 'Report Project', and the Add
// Scam modal (spec §2) that the profile view composes in (client/app wires them together).
export { ReportButton } from './ReportButton';
export type { ReportButtonProps } from './ReportButton';
export { ReportWizard, wizardKey } from './ReportWizard';
export type { ReportWizardProps } from './ReportWizard';
export { AddScamModal, scamDraftKey } from './AddScamModal';
export type { AddScamModalProps } from './AddScamModal';
export type { ScamDraft } from './scam-draft';
