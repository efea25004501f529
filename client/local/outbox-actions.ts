// The catalogue of outbox actions (docs/design.md "Outbox"): for each kind of action a person
// can queue, the line the pending list shows and its replay plan, a sequence of the documented
// calls of the route table (shared/contract/routes.ts). The outbox (outbox.ts) stores and
// replays entries without knowing any of this: it asks planCall for the next call until there
// is none.
import { createdResponseSchema } from '../../shared/contract/profile';
import { routes } from '../../shared/contract/routes';
import type { ReceiptKind } from '../../shared/contract/receipt';
import type { OutboxAction } from './outbox-types';

export interface PlannedCall {
  method: 'POST';
  path: string;
  json: unknown;
}

type ActionOf<T extends OutboxAction['type']> = Extract<OutboxAction, { type: T }>;

interface ActionKind<A extends OutboxAction> {
  /** the line the person sees in the pending list */
  describe(action: A): string;
  /** the next call given the answers of the calls already accepted, or null when none is left */
  plan(action: A, results: readonly unknown[]): PlannedCall | null;
  /** what the accepted call of step `step` (1-based) was, as the "What I sent" list names it */
  sent(action: A, step: number): SentCall;
}

/** One accepted call as "What I sent" lists it (sent.ts). */
export interface SentCall {
  label: string;
  kind: ReceiptKind;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** An action that is one call. */
const once = <A extends OutboxAction>(call: (action: A) => PlannedCall) => (action: A, results: readonly unknown[]) =>
  (results.length ? null : call(action));

const CATALOGUE: { [T in OutboxAction['type']]: ActionKind<ActionOf<T>> } = {
  // the report wizard: the profile (step 1), then each incident on the id step 1 answered
  'report-profile': {
    describe(action) {
      const what = action.kind === 'developer' ? 'scammer' : 'project';
      const name = action.profile.name?.trim() || 'without a name';
      const count = action.incidents.length;
      return count ? `Report ${what} ${name} with ${plural(count, 'incident')}` : `Report ${what} ${name}`;
    },
    plan(action, results) {
      const done = results.length;
      if (done === 0) {
        const create = routes.profiles.create[action.kind];
        return { method: create.method, path: create.path(), json: action.profile };
      }
      const incident = action.incidents[done - 1];
      if (incident === undefined) return null;
      const created = createdResponseSchema.safeParse(results[0]);
      if (!created.success) throw new Error('The server did not answer the new profile’s id.');
      const report = routes.incidents.report[action.kind];
      return { method: report.method, path: report.path({ id: created.data.id }), json: incident };
    },
    sent(action, step) {
      const name = action.profile.name?.trim() || 'without a name';
      return step === 1 ? { label: `Report: ${name}`, kind: action.kind } : { label: `Incident for ${name}`, kind: 'incident' };
    },
  },
  // the Add Scam modal on an existing profile
  'add-incident': {
    describe: (action) => `Add an incident to ${action.profileName}`,
    plan: once((action) => {
      const submit = routes.incidents.submit[action.kind];
      return { method: submit.method, path: submit.path({ id: action.profileId }), json: action.incident };
    }),
    sent: (action) => ({ label: `Incident for ${action.profileName}`, kind: 'incident' }),
  },
  'edit-request': {
    describe: (action) => `Edit request for ${action.profileName}`,
    plan: once((action) => {
      const submit = routes.editRequests.submit[action.kind];
      return { method: submit.method, path: submit.path({ id: action.profileId }), json: action.request };
    }),
    sent: (action) => ({ label: `Edit request for ${action.profileName}`, kind: 'edit_request' }),
  },
  'removal-request': {
    describe(action) {
      const caseId = action.request.case_id?.trim() ?? '';
      const target = action.targetName.trim();
      if (!caseId) return `Removal request for ${target}`;
      return target && target !== caseId ? `Removal request for ${caseId} (${target})` : `Removal request for ${caseId}`;
    },
    plan: once((action) => {
      const submit = routes.removalRequests.submit;
      return { method: submit.method, path: submit.path(), json: action.request };
    }),
    sent(action) {
      return { label: CATALOGUE['removal-request'].describe(action), kind: 'removal_request' };
    },
  },
};

/** The entry of an action's kind (TypeScript cannot follow the type from the key to the entry). */
const kindOf = (action: OutboxAction) => CATALOGUE[action.type] as ActionKind<OutboxAction>;

/** The line the person sees in the pending list. */
export function describeAction(action: OutboxAction): string {
  return kindOf(action).describe(action);
}

/**
 * The next documented call (product.md#calls) given the answers of the calls already accepted, or null
 * when the action is complete. A report is its profile (step 1), then each wizard incident on
 * the id step 1 answered.
 */
export function planCall(action: OutboxAction, results: readonly unknown[]): PlannedCall | null {
  return kindOf(action).plan(action, results);
}

/** What the accepted call of step `step` (1-based) of the action was, for "What I sent". */
export function describeSentCall(action: OutboxAction, step: number): SentCall {
  return kindOf(action).sent(action, step);
}
