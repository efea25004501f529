// product.md#states: verification statuses, how the queues read them, and their badge labels.

export const VERIFICATION_STATUSES = ['pending', 'unverified', 'verified', 'approved', 'processed', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Lower-cased and trimmed; anything unknown reads as 'pending' (product.md#states: unknown shows 'Pending'). */
export function normalizeStatus(status: unknown): VerificationStatus {
  const value = typeof status === 'string' ? status.trim().toLowerCase() : '';
  return (VERIFICATION_STATUSES as readonly string[]).includes(value) ? (value as VerificationStatus) : 'pending';
}

/** product.md#states: the admin queues treat pending and unverified as awaiting review. */
export const AWAITING_REVIEW: ReadonlySet<VerificationStatus> = new Set(['pending', 'unverified']);
export function isAwaitingReview(status: unknown): boolean {
  return AWAITING_REVIEW.has(normalizeStatus(status));
}

const BADGE_LABELS: Record<VerificationStatus, string> = {
  unverified: 'Unverified',
  pending: 'Pending',
  processed: 'Processed',
  rejected: 'Rejected',
  // docs/design.md#moderation: public items show what they are instead of falling to 'Pending'
  approved: 'Approved',
  verified: 'Verified',
};

export function statusBadgeLabel(status: unknown): string {
  return BADGE_LABELS[normalizeStatus(status)];
}
