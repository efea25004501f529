// product.md#screens-admin ("Admin panel") buttons, product.md#calls moderation calls and product.md#errors admin alerts, per kind of card.
// Each card has two decisions: the refusing one (left) and the accepting one (right). Those that
// discard or delete something ask first (ConfirmDialog), so a slip of the finger costs nothing.
import { routes } from '../../../shared/contract/routes';
import { FALLBACK_NAME, type AdminCard } from './cards';

export const MISSING_TARGET_ID = 'Missing target id.'; // product.md#validation/product.md#errors (admin)

export interface ConfirmText {
  title: string;
  description: string;
  confirmLabel: string;
}

export interface ModerationAction {
  /** the button's text (product.md#screens) */
  label: string;
  /** refuse: reject, send back, delete the request; accept: publish, approve, remove */
  role: 'refuse' | 'accept';
  /** the POST path (product.md#calls); null when the item has no id */
  path: string | null;
  /** product.md#errors: the alert when the server refuses; status is the HTTP status */
  failure(status: number): string;
  /** the alert's first words when no answer came at all */
  failurePrefix: string;
  /** asked before the call, for decisions that discard or delete */
  confirm: ConfirmText | null;
  /** the quiet notice after success */
  done: string;
  /** danger styling: the decision deletes something from the registry */
  danger: boolean;
}

/** The route's path for the item, or null when the item has no id. */
const withId = (id: number | null, route: { path(args: { id: number }): string }) => (id === null ? null : route.path({ id }));

/** The two decisions of a card, refusing first. */
export function actionsFor(card: AdminCard): [ModerationAction, ModerationAction] {
  const { id } = card;
  const name = card.name;
  switch (card.type) {
    case 'developer':
    case 'project': {
      const developer = card.type === 'developer';
      // product.md#errors, word for word
      const rejectFailed = developer ? (s: number) => `Reject Scammer failed (${s})` : (s: number) => `Reject Project failed (${s})`;
      const verifyFailed = developer ? (s: number) => `Verify Scammer failed (${s})` : (s: number) => `Verify Project failed (${s})`;
      return [
        {
          label: 'Send Back to User', role: 'refuse', danger: false,
          path: withId(id, routes.profiles.reject[card.type]),
          failure: rejectFailed, failurePrefix: developer ? 'Reject Scammer failed' : 'Reject Project failed',
          confirm: {
            title: `Send ${name} back?`,
            description: 'The submission is not published and is marked rejected. It leaves this list.',
            confirmLabel: 'Send Back to User',
          },
          done: `${name} was sent back to the user.`,
        },
        {
          label: 'Publish Case', role: 'accept', danger: false,
          path: withId(id, routes.profiles.verify[card.type]),
          failure: verifyFailed, failurePrefix: developer ? 'Verify Scammer failed' : 'Verify Project failed',
          confirm: null,
          done: `${name} was published to the registry.`,
        },
      ];
    }
    case 'scam':
      return [
        {
          label: 'Reject', role: 'refuse', danger: false,
          path: withId(id, routes.incidents.reject),
          failure: () => 'Reject failed', failurePrefix: 'Reject failed',
          confirm: {
            title: 'Reject this scam report?',
            description: `The incident reported against ${name} is not published and is marked rejected.`,
            confirmLabel: 'Reject',
          },
          done: `The scam report against ${name} was rejected.`,
        },
        {
          label: 'Approve', role: 'accept', danger: false,
          path: withId(id, routes.incidents.approve),
          failure: () => 'Approve failed', failurePrefix: 'Approve failed',
          confirm: null,
          done: `The scam report against ${name} was approved.`,
        },
      ];
    case 'edit':
      return [
        {
          label: 'Cancel Changes', role: 'refuse', danger: false,
          path: withId(id, routes.editRequests.reject),
          failure: () => 'Reject failed', failurePrefix: 'Reject failed',
          confirm: {
            title: 'Cancel these changes?',
            description: `None of the proposed changes to ${name} are applied, and the request is marked rejected.`,
            confirmLabel: 'Cancel Changes',
          },
          done: `The changes to ${name} were cancelled.`,
        },
        {
          label: 'Confirm Changes', role: 'accept', danger: false,
          path: withId(id, routes.editRequests.approve),
          failure: () => 'Approve failed', failurePrefix: 'Approve failed',
          confirm: null,
          done: `The changes to ${name} were applied.`,
        },
      ];
    case 'removal': {
      const what = removalTargetWords(card);
      return [
        {
          label: 'Delete Request', role: 'refuse', danger: false,
          path: withId(id, routes.removalRequests.reject),
          failure: () => 'Reject failed', failurePrefix: 'Reject failed',
          confirm: {
            title: 'Delete this removal request?',
            description: `${capitalise(what)} stays in the registry; the request is marked rejected.`,
            confirmLabel: 'Delete Request',
          },
          done: `The removal request for ${name} was deleted.`,
        },
        {
          label: 'Remove Scammer', role: 'accept', danger: true,
          path: withId(id, routes.removalRequests.process),
          failure: () => 'Process failed', failurePrefix: 'Process failed',
          confirm: {
            title: `Remove ${what}?`,
            description: `${capitalise(what)} is deleted from the registry${card.removal.target_type === 'scam' ? '' : ' with all its incidents'}. This cannot be undone.`,
            confirmLabel: 'Remove',
          },
          done: `${capitalise(what)} was removed from the registry.`,
        },
      ];
    }
  }
}

function removalTargetWords(card: Extract<AdminCard, { type: 'removal' }>): string {
  const target = card.removal.target_type.trim().toLowerCase();
  const named = card.name !== FALLBACK_NAME ? card.name : null;
  if (target === 'scam') return named ? `this incident of ${named}` : 'this incident';
  if (target === 'project') return named ? `the project ${named}` : 'this project';
  return named ? `the scammer ${named}` : 'this scammer';
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
