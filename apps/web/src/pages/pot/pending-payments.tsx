import type { PotMember, Settlement } from '@kitty/api-client';
import { useConfirmSettlementMutation, useDeclineSettlementMutation } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Button, Tag } from 'antd';

import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

export interface PendingPaymentsProps {
  potId: string;
  settlements: readonly Settlement[];
  members: readonly PotMember[];
  yourMemberId: string;
  isOwner: boolean;
}

/**
 * Payments one person recorded that count only once the other person (or the owner) confirms them: shown
 * with who must confirm, and to that person (and the owner) with Confirm and Decline.
 */
export function PendingPayments({
  potId,
  settlements,
  members,
  yourMemberId,
  isOwner,
}: PendingPaymentsProps) {
  const toast = useToast();
  const [confirm, confirming] = useConfirmSettlementMutation();
  const [decline, declining] = useDeclineSettlementMutation();
  const pending = settlements.filter((settlement) => settlement.status === 'pending');
  if (pending.length === 0) return null;

  const nameOf = (memberId: string | null) =>
    members.find(({ id }) => id === memberId)?.name ?? 'a former member';
  const busy = (settlementId: string) =>
    (confirming.isLoading && confirming.originalArgs?.settlementId === settlementId) ||
    (declining.isLoading && declining.originalArgs?.settlementId === settlementId);

  const decide = async (settlement: Settlement, text: string, decision: 'confirm' | 'decline') => {
    try {
      if (decision === 'confirm') {
        await confirm({ potId, settlementId: settlement.id }).unwrap();
        toast.success('Payment confirmed', `${text} now counts in everyone's balances.`);
      } else {
        await decline({ potId, settlementId: settlement.id }).unwrap();
        toast.success('Payment declined', `${text} will not count in anyone's balances.`);
      }
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <ul className="expense-list pending-payments" aria-label="Payments waiting for confirmation">
      {pending.map((settlement) => {
        const text = `${nameOf(settlement.fromMemberId)} paid ${nameOf(settlement.toMemberId)} ${formatPence(
          settlement.amountPence,
        )}`;
        const yours = settlement.awaitingMemberId === yourMemberId;
        return (
          <li key={settlement.id} className="expense-item">
            <div className="expense-main">
              <span className="expense-description">{text}</span>
              <Tag color="gold">Pending</Tag>
            </div>
            <div className="expense-meta muted">
              Recorded by {settlement.createdByName} · waiting for{' '}
              {yours ? 'you' : nameOf(settlement.awaitingMemberId)} to confirm
            </div>
            {(yours || isOwner) && (
              <div className="expense-actions">
                <Button
                  size="small"
                  type="primary"
                  disabled={busy(settlement.id)}
                  onClick={() => decide(settlement, text, 'confirm')}
                  aria-label={`Confirm: ${text}`}
                >
                  Confirm
                </Button>
                <Button
                  size="small"
                  disabled={busy(settlement.id)}
                  onClick={() => decide(settlement, text, 'decline')}
                  aria-label={`Decline: ${text}`}
                >
                  Decline
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
