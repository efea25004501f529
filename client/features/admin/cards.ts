// product.md#screens-admin ("Admin panel"): the five pending lists folded into one list of cards. Only what awaits
// review is listed (product.md#states: pending and unverified), oldest first, so the panel reads as a
// queue: the request that has waited longest is at the top.
import type { PendingScam } from '../../../shared/contract/admin';
import type { EditRequest } from '../../../shared/contract/edit-request';
import type { StaffProfile } from '../../../shared/contract/profile';
import type { RemovalRequest } from '../../../shared/contract/removal-request';
import type { SharedIdentifier } from '../../../shared/contract/shared-identifiers';
import { isAwaitingReview } from '../../../shared/domain/status';
import { parseAdminDate } from './format';
import { KIND_ORDER, kindLabel, type KindLabel } from './kind-label';

/** What the five calls of product.md#calls answered (a list that failed to load is empty). */
export interface AdminLists {
  developers: StaffProfile[];
  projects: StaffProfile[];
  editRequests: EditRequest[];
  removalRequests: RemovalRequest[];
  pendingScams: PendingScam[];
}

export const EMPTY_LISTS: AdminLists = { developers: [], projects: [], editRequests: [], removalRequests: [], pendingScams: [] };

/** product.md#screens: a card without a target name reads 'Request'. */
export const FALLBACK_NAME = 'Request';
/** Who submitted it, when the item does not say. */
export const UNKNOWN_SUBMITTER = 'Anonymous';

interface CardBase {
  /** unique across the five lists */
  key: string;
  /** the kind badge; null when the item does not say enough (the modal then reads 'Request Details') */
  kind: KindLabel | null;
  /** the id of the item moderated (profile, incident or request); null when it has none */
  id: number | null;
  /** the target's name, or 'Request' */
  name: string;
  /** as the server sent it: a timestamp, or a calendar date for incidents */
  submittedAt: string | null;
  submitter: string;
  /** verification_status as sent (the badge normalises it) */
  status: string;
}

export type AdminCard = CardBase & (
  | { type: 'developer'; profile: StaffProfile }
  | { type: 'project'; profile: StaffProfile }
  | { type: 'scam'; scam: PendingScam }
  | { type: 'edit'; edit: EditRequest }
  | { type: 'removal'; removal: RemovalRequest }
);

export type AdminCardType = AdminCard['type'];

const text = (value: string | null | undefined) => (value ?? '').trim();
const nameOr = (...names: (string | null | undefined)[]) => names.map(text).find(Boolean) ?? FALLBACK_NAME;
const submitterOr = (...names: (string | null | undefined)[]) => names.map(text).find(Boolean) ?? UNKNOWN_SUBMITTER;
const idOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

function profileCard(profile: StaffProfile, type: 'developer' | 'project'): AdminCard {
  const base: CardBase = {
    key: `${type}:${profile.id}`,
    kind: type === 'developer' ? kindLabel({ list: 'developers', kind: profile.kind }) : kindLabel({ list: 'projects' }),
    id: idOf(profile.id),
    name: nameOr(profile.name),
    submittedAt: profile.submittedAt || profile.reported_person_date || null,
    submitter: submitterOr(profile.submittedBy),
    status: profile.verification_status,
  };
  return type === 'developer' ? { ...base, type, profile } : { ...base, type, profile };
}

function scamCard(scam: PendingScam): AdminCard {
  return {
    key: `scam:${scam.id}`,
    kind: kindLabel({ list: 'pendingScams', developer: scam.developer, project: scam.project }),
    id: idOf(scam.id),
    name: nameOr(scam.developer_name, scam.project_name),
    submittedAt: scam.reported || null,
    submitter: submitterOr(scam.submitted_by),
    status: scam.verification_status,
    type: 'scam',
    scam,
  };
}

function editCard(edit: EditRequest): AdminCard {
  return {
    key: `edit:${edit.id}`,
    kind: kindLabel({ list: 'editRequests', target_type: edit.target_type }),
    id: idOf(edit.id),
    name: nameOr(edit.developer_name, edit.project_name),
    submittedAt: edit.submitted_at || null,
    submitter: submitterOr(edit.submitted_by, edit.full_name),
    status: edit.verification_status,
    type: 'edit',
    edit,
  };
}

function removalCard(removal: RemovalRequest): AdminCard {
  return {
    key: `removal:${removal.id}`,
    kind: kindLabel({ list: 'removalRequests', target_type: removal.target_type }),
    id: idOf(removal.id),
    name: nameOr(removal.developer_name, removal.project_name),
    submittedAt: removal.submitted_at || null,
    // the requester: removal requests are about the person asking
    submitter: submitterOr(removal.full_name),
    status: removal.verification_status,
    type: 'removal',
    removal,
  };
}

/** Oldest first; undated items last; then by kind and id, so the order never flickers. */
export function compareCards(a: AdminCard, b: AdminCard): number {
  const at = parseAdminDate(a.submittedAt);
  const bt = parseAdminDate(b.submittedAt);
  if (at !== bt) {
    if (at === null) return 1;
    if (bt === null) return -1;
    return at - bt;
  }
  const ak = a.kind ? KIND_ORDER.indexOf(a.kind) : KIND_ORDER.length;
  const bk = b.kind ? KIND_ORDER.indexOf(b.kind) : KIND_ORDER.length;
  if (ak !== bk) return ak - bk;
  return (a.id ?? 0) - (b.id ?? 0);
}

/** The cards of everything awaiting review, oldest first. */
export function toCards(lists: AdminLists): AdminCard[] {
  const cards: AdminCard[] = [
    ...lists.developers.filter(awaiting).map((p) => profileCard(p, 'developer')),
    ...lists.projects.filter(awaiting).map((p) => profileCard(p, 'project')),
    ...lists.pendingScams.filter(awaiting).map(scamCard),
    ...lists.editRequests.filter(awaiting).map(editCard),
    ...lists.removalRequests.filter(awaiting).map(removalCard),
  ];
  return cards.sort(compareCards);
}

function awaiting(item: { verification_status: string }): boolean {
  return isAwaitingReview(item.verification_status);
}

/** How many cards of each kind, in the order of KIND_ORDER; kinds with none are left out. */
export function countByKind(cards: readonly AdminCard[]): { kind: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const card of cards) {
    const kind = card.kind ?? FALLBACK_NAME;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const order = [...KIND_ORDER, FALLBACK_NAME] as readonly string[];
  return [...counts].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([kind, count]) => ({ kind, count }));
}

/**
 * What the server found shared with a card (issue 16): reported profiles and pending incidents
 * carry it; for an incident, the profile it is about too. Undefined for the other kinds, and from
 * a server that does not send it.
 */
export function sharedOf(card: AdminCard): { shared: SharedIdentifier[] | undefined; ownProfileId: number | null } {
  switch (card.type) {
    case 'developer':
    case 'project':
      return { shared: card.profile.shared_identifiers, ownProfileId: null };
    case 'scam':
      return { shared: card.scam.shared_identifiers, ownProfileId: card.scam.developer ?? card.scam.project };
    default:
      return { shared: undefined, ownProfileId: null };
  }
}
