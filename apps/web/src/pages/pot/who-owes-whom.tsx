import type { PotBalances, SettleUpTransfer } from '@kitty/api-client';
import { useRemindDebtorMutation } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Button } from 'antd';

import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

export interface WhoOwesWhomProps {
  potId: string;
  balances: PotBalances;
  yourMemberId: string;
  /** The owner may remind anyone who owes (they cannot close the pot until everyone has settled up). */
  isOwner: boolean;
  /** An archived pot takes no payments, so nobody is reminded to make one. */
  archived?: boolean;
  onRecordPayment: (transfer: PotBalances['plan'][number]) => void;
}

/**
 * Each member's net position and the settle-up plan ('A pays B £x'); you may record the transfers you are
 * in, and remind the debtor of one you are owed (or, as the owner, of any) — once a day per debt.
 */
export function WhoOwesWhom({
  potId,
  balances,
  yourMemberId,
  isOwner,
  archived = false,
  onRecordPayment,
}: WhoOwesWhomProps) {
  const toast = useToast();
  const [remindDebtor, reminding] = useRemindDebtorMutation();
  const nameOf = (memberId: string) =>
    balances.positions.find((position) => position.memberId === memberId)?.name ?? 'A former member';
  const you = (memberId: string) => (memberId === yourMemberId ? ' (you)' : '');
  // The server decides too (403 otherwise); this only keeps the button off where it cannot work.
  const mayRemind = (transfer: SettleUpTransfer) =>
    !archived && transfer.fromMemberId !== yourMemberId && (transfer.toMemberId === yourMemberId || isOwner);
  const remindedToday = (transfer: SettleUpTransfer) =>
    balances.remindedToday.some(
      ({ fromMemberId, toMemberId }) =>
        fromMemberId === transfer.fromMemberId && toMemberId === transfer.toMemberId,
    );
  const isReminding = (transfer: SettleUpTransfer) =>
    reminding.isLoading &&
    reminding.originalArgs?.remindRequest.fromMemberId === transfer.fromMemberId &&
    reminding.originalArgs.remindRequest.toMemberId === transfer.toMemberId;

  const remind = async (transfer: SettleUpTransfer) => {
    try {
      const sent = await remindDebtor({
        potId,
        remindRequest: { fromMemberId: transfer.fromMemberId, toMemberId: transfer.toMemberId },
      }).unwrap();
      toast.success(
        'Reminder sent',
        `${sent.debtorName} will get an e-mail about the ${formatPence(sent.amountPence)} they owe.`,
      );
    } catch (error) {
      // A 429 ('You can remind Ben again tomorrow.'): someone reminded them first; the list then shows it.
      toastProblem(toast, error);
    }
  };

  return (
    <div className="who-owes-whom">
      <ul className="positions" aria-label="Net positions">
        {balances.positions.map((position) => (
          <li key={position.memberId} className="position">
            <span className="position-name">
              {position.name}
              {you(position.memberId)}
            </span>{' '}
            {position.netPence > 0 ? (
              <span className="position-status position-owed">is owed {formatPence(position.netPence)}</span>
            ) : position.netPence < 0 ? (
              <span className="position-status position-owes">owes {formatPence(-position.netPence)}</span>
            ) : (
              <span className="position-status position-settled">settled up</span>
            )}
          </li>
        ))}
      </ul>

      <h3 className="subheading">Settle up</h3>
      {balances.plan.length === 0 ? (
        <p className="muted">Everyone is settled up.</p>
      ) : (
        <ul className="settle-plan" aria-label="Settle-up plan">
          {balances.plan.map((transfer) => {
            const debtor = nameOf(transfer.fromMemberId);
            const text = `${debtor} pays ${nameOf(transfer.toMemberId)} ${formatPence(transfer.amountPence)}`;
            const reminded = remindedToday(transfer);
            return (
              <li key={`${transfer.fromMemberId}-${transfer.toMemberId}`} className="settle-row">
                <span>{text}</span>
                <span className="settle-actions">
                  {/* Only the two people in a payment may record it (issue 11 §3). */}
                  {(transfer.fromMemberId === yourMemberId || transfer.toMemberId === yourMemberId) && (
                    <Button
                      size="small"
                      onClick={() => onRecordPayment(transfer)}
                      aria-label={`Record payment: ${text}`}
                    >
                      Record payment
                    </Button>
                  )}
                  {mayRemind(transfer) && (
                    <Button
                      size="small"
                      disabled={reminded}
                      loading={isReminding(transfer)}
                      onClick={() => remind(transfer)}
                      aria-label={reminded ? `Reminded today: ${text}` : `Remind ${debtor}: ${text}`}
                      aria-describedby={
                        reminded ? `reminded-${transfer.fromMemberId}-${transfer.toMemberId}` : undefined
                      }
                    >
                      {reminded ? 'Reminded today' : 'Remind'}
                    </Button>
                  )}
                </span>
                {mayRemind(transfer) && reminded && (
                  <span
                    className="muted settle-note"
                    id={`reminded-${transfer.fromMemberId}-${transfer.toMemberId}`}
                  >
                    {debtor} was e-mailed today. You can remind {debtor} again tomorrow.
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
