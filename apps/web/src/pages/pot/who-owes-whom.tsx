import type { PotBalances } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Button } from 'antd';

export interface WhoOwesWhomProps {
  balances: PotBalances;
  yourMemberId: string;
  onRecordPayment: (transfer: PotBalances['plan'][number]) => void;
}

/** Each member's net position and the settle-up plan ('A pays B £x'); you may record the transfers you are in. */
export function WhoOwesWhom({ balances, yourMemberId, onRecordPayment }: WhoOwesWhomProps) {
  const nameOf = (memberId: string) =>
    balances.positions.find((position) => position.memberId === memberId)?.name ?? 'A former member';
  const you = (memberId: string) => (memberId === yourMemberId ? ' (you)' : '');

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
            const text = `${nameOf(transfer.fromMemberId)} pays ${nameOf(transfer.toMemberId)} ${formatPence(
              transfer.amountPence,
            )}`;
            return (
              <li key={`${transfer.fromMemberId}-${transfer.toMemberId}`} className="settle-row">
                <span>{text}</span>
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
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
