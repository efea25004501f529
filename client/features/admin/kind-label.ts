// product.md#screens-admin ("Admin panel"), kind labels: which of the five pending lists an item came from, and
// what it asks for. The spec does not show the edit request's wording; the labels chosen here
// are explained in docs/decisions/010-admin-edit-kind-labels.md.
import type { QueueKind } from '../../../shared/contract/admin';

/** Where an item came from, with the fields its label depends on. */
export type KindSource =
  | { list: 'developers'; kind: string | null | undefined }
  | { list: 'projects' }
  | { list: 'pendingScams'; developer: number | null; project: number | null }
  | { list: 'editRequests'; target_type: string | null | undefined }
  | { list: 'removalRequests'; target_type: string | null | undefined };

export const KIND_LABELS = {
  newScammer: 'New Scammer',
  newCase: 'New Case',
  newProject: 'New Project',
  newProjectScam: 'New Project Scam',
  newScammerScam: 'New Scammer Scam',
  editScammer: 'Edit Scammer',
  editScam: 'Edit Scam',
  editBoth: 'Edit Scammer & Scam',
  removeProject: 'Remove Project',
  removeScam: 'Remove Scam',
  removeScammer: 'Remove Scammer',
} as const;

export type KindLabel = (typeof KIND_LABELS)[keyof typeof KIND_LABELS];

/** The order kinds are counted in on the panel's summary line. */
export const KIND_ORDER: readonly KindLabel[] = Object.values(KIND_LABELS);

const word = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** The kind badge of an item; null when the item does not say enough to tell. */
export function kindLabel(source: KindSource): KindLabel | null {
  switch (source.list) {
    case 'developers':
      // product.md#screens: 'New Scammer' when kind is NEW_DEVELOPER, otherwise 'New Case'
      return (source.kind ?? '').trim().toUpperCase() === 'NEW_DEVELOPER' ? KIND_LABELS.newScammer : KIND_LABELS.newCase;
    case 'projects':
      return KIND_LABELS.newProject;
    case 'pendingScams':
      if (source.project != null) return KIND_LABELS.newProjectScam;
      if (source.developer != null) return KIND_LABELS.newScammerScam;
      return null;
    case 'editRequests': {
      const target = word(source.target_type);
      if (target === 'developer') return KIND_LABELS.editScammer;
      if (target === 'scam') return KIND_LABELS.editScam;
      if (target === 'both') return KIND_LABELS.editBoth;
      return null;
    }
    case 'removalRequests': {
      // by target_type only: a scam's removal also carries its profile's developer/project id
      const target = word(source.target_type);
      if (target === 'project') return KIND_LABELS.removeProject;
      if (target === 'scam') return KIND_LABELS.removeScam;
      if (target === 'developer' || target === 'scammer') return KIND_LABELS.removeScammer;
      return null;
    }
  }
}

/** decision 028: each kind's name in the queues' `?kind=` (shared/contract/admin.ts), for the count chips. */
export const KIND_OF_SLUG: Record<QueueKind, KindLabel> = {
  'new-scammer': KIND_LABELS.newScammer,
  'new-case': KIND_LABELS.newCase,
  'new-project': KIND_LABELS.newProject,
  'new-project-scam': KIND_LABELS.newProjectScam,
  'new-scammer-scam': KIND_LABELS.newScammerScam,
  'edit-scammer': KIND_LABELS.editScammer,
  'edit-scam': KIND_LABELS.editScam,
  'edit-scammer-scam': KIND_LABELS.editBoth,
  'remove-project': KIND_LABELS.removeProject,
  'remove-scam': KIND_LABELS.removeScam,
  'remove-scammer': KIND_LABELS.removeScammer,
};
/** The chips' order: KIND_ORDER's. */
export const SLUG_ORDER = (Object.keys(KIND_OF_SLUG) as QueueKind[])
  .sort((a, b) => KIND_ORDER.indexOf(KIND_OF_SLUG[a]) - KIND_ORDER.indexOf(KIND_OF_SLUG[b]));
