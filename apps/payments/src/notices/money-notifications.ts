import { type NotificationDetail, NotificationsJobs, type NotifyJob } from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { outboxMessage } from '@kitty/nest-common';

import type { Tx } from '../prisma.service';
import { topUpRequest } from './notices.repository';

/**
 * The notification centre's jobs for money events, written to the payments outbox inside
 * the transaction that moved the money: a notification exists exactly when the movement does. Each key
 * names the event for its user, so a replayed event notifies once.
 */
async function notify(tx: Tx, job: NotifyJob): Promise<void> {
  await tx.outboxMessage.create({ data: outboxMessage(NotificationsJobs.notify, job) });
}

interface CreditedTopUp {
  id: string;
  user_id: string;
  amount_pence: bigint;
  fee_pence: bigint;
  method: string;
  destination_type: string;
  destination_id: string | null;
  destination_name: string;
}

const METHOD_WORDS: Record<string, string> = {
  card: 'Card',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  bank_transfer: 'Bank transfer',
};

const ukDateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

/** A credited top-up's receipt, as the printable receipt page lists it. */
export function topUpReceipt(topUp: CreditedTopUp, creditedAt: Date): NotificationDetail[] {
  const amount = Number(topUp.amount_pence);
  const fee = Number(topUp.fee_pence);
  return [
    {
      label: 'Added to',
      value: topUp.destination_type === 'wallet' ? 'Your wallet' : topUp.destination_name,
    },
    { label: 'Amount added', value: formatPence(amount) },
    { label: 'Platform fee', value: formatPence(fee) },
    { label: 'Total charged', value: formatPence(amount + fee) },
    { label: 'Paid with', value: METHOD_WORDS[topUp.method] ?? topUp.method },
    { label: 'Credited', value: ukDateTime.format(creditedAt) },
    { label: 'Reference', value: topUp.id },
  ];
}

/** A credited top-up: its payer hears it arrived; a paid request's requester hears who paid it. */
export async function notifyTopUpCredited(tx: Tx, topUp: CreditedTopUp): Promise<void> {
  const amount = formatPence(Number(topUp.amount_pence));
  const toPot = topUp.destination_type === 'pot' && topUp.destination_id;
  await notify(tx, {
    key: `top_up_credited:${topUp.id}`,
    userId: topUp.user_id,
    kind: 'top_up_credited',
    title: `${amount} added to ${topUp.destination_type === 'wallet' ? 'your wallet' : topUp.destination_name}`,
    body: 'Your payment went through and the money is there to use. Your receipt:',
    link: toPot ? `/pot/${topUp.destination_id}` : `/top-ups/${topUp.id}/receipt`,
    details: topUpReceipt(topUp, new Date()),
  });
  if (topUp.destination_type !== 'top_up_request' || !topUp.destination_id) return;
  const request = await topUpRequest(tx, topUp.destination_id);
  if (!request || request.requester_id === topUp.user_id) return;
  await notify(tx, {
    key: `request_paid:${topUp.id}`,
    userId: request.requester_id,
    kind: 'request_paid',
    title: `${amount} arrived for your request`,
    body: `Someone paid your top-up request into ${request.target_name}.`,
    link: '/',
  });
}

interface WithdrawalEvent {
  id: string;
  user_id: string;
  amount_pence: bigint;
}

const WITHDRAWAL_WORDS = {
  withdrawal_initiated: {
    title: 'is on its way to your bank',
    body: 'It usually arrives within 1–3 business days.',
  },
  withdrawal_paid: { title: 'has reached your bank', body: 'Your bank has the money.' },
  withdrawal_failed: {
    title: 'could not be paid out',
    body: 'The bank returned it, so the money is back where it came from.',
  },
} as const;

/** A withdrawal started, paid or failed: its owner hears of each step once. */
export async function notifyWithdrawal(
  tx: Tx,
  kind: keyof typeof WITHDRAWAL_WORDS,
  withdrawal: WithdrawalEvent,
): Promise<void> {
  const words = WITHDRAWAL_WORDS[kind];
  await notify(tx, {
    key: `${kind}:${withdrawal.id}`,
    userId: withdrawal.user_id,
    kind,
    title: `Your withdrawal of ${formatPence(Number(withdrawal.amount_pence))} ${words.title}`,
    body: words.body,
    link: '/',
  });
}

interface WaitingWithdrawal {
  id: string;
  userId: string;
  requesterName: string | null;
  potId: string | null;
  sourceName: string;
  amountPence: bigint;
}

const approvalKey = (withdrawalId: string, userId: string) => `withdrawal_approval:${withdrawalId}:${userId}`;

/** A pot withdrawal above the pot's approval amount: each other member is asked, once. */
export async function notifyWithdrawalApprovalWanted(
  tx: Tx,
  withdrawal: WaitingWithdrawal,
  approverIds: readonly string[],
): Promise<void> {
  for (const userId of approverIds) {
    await notify(tx, {
      key: approvalKey(withdrawal.id, userId),
      userId,
      kind: 'withdrawal_approval',
      title: `${withdrawal.requesterName ?? 'A member'} asks to withdraw ${formatPence(Number(withdrawal.amountPence))} from ${withdrawal.sourceName}`,
      body: 'A second member must approve it before the money leaves the pot.',
      link: `/pot/${withdrawal.potId}`,
    });
  }
}

/**
 * The withdrawal was approved, declined or cancelled: nobody is asked any more, so the 'asks to withdraw'
 * notifications leave the lists of the pot's members (`memberIds`: those it may have gone to).
 */
export async function closeWithdrawalApprovalRequests(
  tx: Tx,
  withdrawalId: string,
  memberIds: Iterable<string>,
): Promise<void> {
  const keys = [...memberIds].map((userId) => approvalKey(withdrawalId, userId));
  if (keys.length === 0) return;
  await tx.outboxMessage.create({ data: outboxMessage(NotificationsJobs.done, { keys }) });
}

/**
 * Another member declined the requester's withdrawal: nothing left the pot. Its own kind, not a failed
 * withdrawal's, so turning those off does not hide a member's no.
 */
export async function notifyWithdrawalDeclined(
  tx: Tx,
  withdrawal: WaitingWithdrawal,
  deciderName: string,
): Promise<void> {
  await notify(tx, {
    key: `withdrawal_declined:${withdrawal.id}`,
    userId: withdrawal.userId,
    kind: 'withdrawal_declined',
    title: `${deciderName} declined your withdrawal of ${formatPence(Number(withdrawal.amountPence))}`,
    body: `Nothing left ${withdrawal.sourceName}.`,
    link: `/pot/${withdrawal.potId}`,
  });
}
