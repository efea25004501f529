// The profile feature: the profile modal with its incidents, and the scam detail, edit-request
// and removal dialogs it opens. The app composes the modal with the Add Scam modal of the
// report feature (onAddIncident).
export { ProfileModal } from './ProfileModal';
export type { ProfileModalProps } from './ProfileModal';
export { ScamDetailModal } from './ScamDetailModal';
export type { ScamDetailModalProps } from './ScamDetailModal';
export { EditRequestDialog } from './EditRequestDialog';
export type { EditRequestDialogProps } from './EditRequestDialog';
export { RemovalDialog } from './RemovalDialog';
export type { RemovalDialogProps } from './RemovalDialog';
export type { SubmittedMessage } from './messages';
