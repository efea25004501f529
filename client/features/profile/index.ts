// The profile feature: the profile modal with its incidents, and the scam detail, edit-request
// and removal dialogs it opens. The app composes the modal with the Add Scam modal of the
// report feature (onAddIncident). LinkedProfileModal opens a profile by its id, as a link names it.
export { ProfileModal } from './ProfileModal';
export type { GivenMatch, ProfileAbsence, ProfileModalProps } from './ProfileModal';
export { LINKED_PROFILE_TEXT, LinkedProfileModal } from './LinkedProfileModal';
export type { LinkedProfileModalProps } from './LinkedProfileModal';
export { matchedLabel } from './matched-label';
export type { ProfileMatch } from './profile-match';
export { ScamDetailModal } from './ScamDetailModal';
export type { ScamDetailModalProps } from './ScamDetailModal';
export { EditRequestDialog } from './EditRequestDialog';
export type { EditRequestDialogProps } from './EditRequestDialog';
export { RemovalDialog } from './RemovalDialog';
export type { RemovalDialogProps } from './RemovalDialog';
export type { SubmittedMessage } from './messages';
