import type { Withdrawal } from '@kitty/api-client';

/** A withdrawal's state as its tag says it. */
export const WITHDRAWAL_STATUS: Record<Withdrawal['status'], { label: string; color: string }> = {
  awaiting_approval: { label: 'Waiting for approval', color: 'gold' },
  declined: { label: 'Declined', color: 'default' },
  cancelled: { label: 'Cancelled', color: 'default' },
  pending: { label: 'On its way', color: 'blue' },
  paid: { label: 'Paid', color: 'green' },
  failed: { label: 'Failed: returned', color: 'red' },
};
