// What a person's action looks like while it waits in the outbox (docs/design.md#outbox).
// One entry is one user action; replaying it is a sequence of documented calls (product.md#calls).
import type { ProfileKind } from '../../shared/contract/common';
import type { ProfileCreateInput } from '../../shared/contract/profile';
import type { ScamSubmitInput, WizardScamInput } from '../../shared/contract/scam-submit';
import type { EditRequestSubmitInput } from '../../shared/contract/edit-request';
import type { RemovalRequestSubmitInput } from '../../shared/contract/removal-request';

export type OutboxAction =
  /** Report wizard: create the profile, then each incident on the new id (product.md#screens-wizard ("Report Scammer wizard")). */
  | { type: 'report-profile'; kind: ProfileKind; profile: ProfileCreateInput; incidents: WizardScamInput[] }
  /** Add Scam modal on an existing profile (product.md#calls …/scams/submit/). */
  | { type: 'add-incident'; kind: ProfileKind; profileId: number; profileName: string; incident: ScamSubmitInput }
  | { type: 'edit-request'; kind: ProfileKind; profileId: number; profileName: string; request: EditRequestSubmitInput }
  | { type: 'removal-request'; targetName: string; request: RemovalRequestSubmitInput };

export type OutboxState =
  | 'pending' // waiting to be sent (now or after a back-off)
  | 'sending' // a replay is in flight
  | 'rejected'; // the server refused it (4xx): kept, shown with its message, editable, resendable

/**
 * Why a pending entry is still waiting after a try (docs/design.md#messages): the device was
 * offline; no server answered although the device was online; or the server answered with a
 * problem of its own (5xx, 408, 429) or took too long. A refusal (other 4xx) is the state
 * 'rejected', not a failure.
 */
export type OutboxFailure = 'offline' | 'unreachable' | 'server';

export interface OutboxEntry {
  /** client-made UUID; each call is sent with `Idempotency-Key: <id>:<step>` */
  id: string;
  action: OutboxAction;
  /** what the person sees in the pending list, e.g. "Report scammer Jane Roe with 2 incidents" */
  label: string;
  state: OutboxState;
  createdAt: number;
  updatedAt: number;
  /** failed tries since the last success or edit; drives the back-off */
  attempts: number;
  /** epoch ms before which no retry is made */
  nextAttemptAt: number;
  /** the server's message for a rejected entry, or the last network problem */
  lastError: string | null;
  /** why the last try of a pending entry failed; null (or absent, in entries stored before it) when none did */
  failure?: OutboxFailure | null;
  /** answers of the calls already accepted, in order (e.g. [{ id: 17 }] after the profile was created) */
  results: unknown[];
}
