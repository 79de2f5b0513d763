import type { FundingTransaction } from '@kitty/api-client';

/** What became of an unpaid top-up, in Stripe's words when it gave a reason. No funds moved in any case. */
export function unpaidOutcome(
  status: FundingTransaction['status'],
  reason: string | null,
): string | undefined {
  const because = reason ? ` ${reason}` : '';
  switch (status) {
    case 'failed':
      return `The payment failed.${because}`;
    case 'expired':
      return `The payment page expired before it was paid.${because}`;
    case 'cancelled':
      return 'You cancelled this payment.';
    default:
      return undefined;
  }
}
