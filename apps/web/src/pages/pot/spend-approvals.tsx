import type { PotDetail, SpendApproval } from '@kitty/api-client';
import {
  useApproveSpendApprovalMutation,
  useCancelSpendApprovalMutation,
  useDeclineSpendApprovalMutation,
  useListSpendApprovalsQuery,
  useRequestSpendApprovalMutation,
} from '@kitty/api-client';
import { SPEND_APPROVAL_VALID_HOURS } from '@kitty/contracts';
import { formatPence } from '@kitty/money';
import { Button, Input, Tag } from 'antd';
import { useState } from 'react';

import { formatDateTime } from '../../pots/format';
import { parseAmountPence } from '../../pots/split';
import { toastProblem, withToast } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

const STATUS: Record<SpendApproval['status'], { label: string; color?: string }> = {
  pending: { label: 'Waiting for approval', color: 'gold' },
  approved: { label: 'Approved', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
  cancelled: { label: 'Cancelled' },
  used: { label: 'Used' },
  expired: { label: 'Expired' },
};

/**
 * Card spending approvals: under the pot's 'approval' rule a member asks before paying more
 * than its amount by card, another member approves or declines, and an approval allows one card payment up
 * to the amount within SPEND_APPROVAL_VALID_HOURS. Shown only where the rule asks for approval (or requests
 * exist from when it did).
 */
export function SpendApprovals({ pot }: { pot: Pick<PotDetail, 'id' | 'rules' | 'yourRole' | 'isActive'> }) {
  const asks = pot.rules.spendRule === 'approval';
  const { data, isError } = useListSpendApprovalsQuery(pot.id, { skip: !asks });
  if (!asks) return null;
  return (
    <section className="spend-approvals" aria-labelledby="spend-approvals-title">
      <h3 className="subheading" id="spend-approvals-title">
        Card payments above {formatPence(pot.rules.approvalAbovePence)}
      </h3>
      {pot.yourRole === 'member' && pot.isActive && (
        <RequestForm potId={pot.id} abovePence={pot.rules.approvalAbovePence} />
      )}
      {isError && <p className="muted">Card spending requests could not be loaded.</p>}
      {data && data.length > 0 && (
        <ul className="expense-list" aria-label="Card spending requests">
          {data.map((approval) => (
            <ApprovalRow key={approval.id} approval={approval} open={pot.isActive} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestForm({ potId, abovePence }: { potId: string; abovePence: number }) {
  const toast = useToast();
  const [ask, { isLoading }] = useRequestSpendApprovalMutation();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const pence = parseAmountPence(amount);
    if (pence === null || pence <= abovePence) {
      setError(`Enter an amount above ${formatPence(abovePence)}: payments up to it need no approval.`);
      return;
    }
    try {
      await ask({
        potId,
        requestSpendApprovalRequest: { amountPence: pence, ...(note.trim() ? { note: note.trim() } : {}) },
      }).unwrap();
      toast.success('Approval requested', 'The other members are asked to approve it.');
      setAmount('');
      setNote('');
    } catch (problem) {
      toastProblem(toast, problem);
    }
  };

  return (
    <div className="spend-approval-form">
      <p className="muted">
        Your card can pay up to {formatPence(abovePence)} from the pot. To pay more, ask first: once another
        member approves, one card payment up to the amount goes through within {SPEND_APPROVAL_VALID_HOURS}{' '}
        hours.
      </p>
      <label htmlFor="spend-approval-amount">Amount</label>
      <Input
        id="spend-approval-amount"
        prefix="£"
        inputMode="decimal"
        value={amount}
        status={error ? 'error' : undefined}
        disabled={isLoading}
        onChange={(event) => {
          setError(null);
          setAmount(event.target.value);
        }}
      />
      <label htmlFor="spend-approval-note">What it is for (optional)</label>
      <Input
        id="spend-approval-note"
        maxLength={140}
        value={note}
        disabled={isLoading}
        onChange={(event) => setNote(event.target.value)}
      />
      {error && (
        <p className="split-message split-error" role="alert">
          {error}
        </p>
      )}
      <Button onClick={submit} loading={isLoading}>
        Ask for approval
      </Button>
    </div>
  );
}

function ApprovalRow({ approval, open }: { approval: SpendApproval; open: boolean }) {
  const toast = useToast();
  const [approve, approving] = useApproveSpendApprovalMutation();
  const [decline, declining] = useDeclineSpendApprovalMutation();
  const [cancel, cancelling] = useCancelSpendApprovalMutation();
  const busy = approving.isLoading || declining.isLoading || cancelling.isLoading;
  const amount = formatPence(approval.amountPence);
  const who = approval.requestedByYou ? 'You' : approval.requesterName;
  const ids = { potId: approval.potId, approvalId: approval.id };
  const status = STATUS[approval.status];

  const run = (action: () => Promise<unknown>, title: string, detail: string) =>
    withToast(toast, action, title, detail);

  return (
    <li className="expense-item">
      <div className="expense-main">
        <span className="expense-description">
          {who} asked to spend up to {amount}
          {approval.note ? ` (${approval.note})` : ''}
        </span>
        <Tag color={status.color}>{status.label}</Tag>
      </div>
      <div className="expense-meta muted">
        {formatDateTime(approval.createdAt)}
        {approval.status === 'approved' &&
          ` · approved by ${approval.decidedByName}: one card payment up to ${amount} until ${formatDateTime(approval.expiresAt)}`}
        {approval.status === 'declined' && ` · declined by ${approval.decidedByName}`}
        {approval.status === 'used' && approval.usedAt && ` · used ${formatDateTime(approval.usedAt)}`}
      </div>
      <div className="expense-actions">
        {approval.requestedByYou && (approval.status === 'pending' || approval.status === 'approved') && (
          <Button
            size="small"
            loading={cancelling.isLoading}
            disabled={busy}
            onClick={() =>
              run(() => cancel(ids).unwrap(), 'Request cancelled', `Your card stays within its limit.`)
            }
          >
            Cancel request
          </Button>
        )}
        {!approval.requestedByYou && approval.status === 'pending' && open && (
          <>
            <Button
              size="small"
              type="primary"
              loading={approving.isLoading}
              disabled={busy}
              aria-label={`Approve: ${approval.requesterName} spends up to ${amount}`}
              onClick={() =>
                run(
                  () => approve(ids).unwrap(),
                  'Card payment approved',
                  `${approval.requesterName} can pay up to ${amount} by card, once.`,
                )
              }
            >
              Approve
            </Button>
            <Button
              size="small"
              loading={declining.isLoading}
              disabled={busy}
              aria-label={`Decline: ${approval.requesterName} spends up to ${amount}`}
              onClick={() =>
                run(
                  () => decline(ids).unwrap(),
                  'Card payment declined',
                  `${approval.requesterName} is told.`,
                )
              }
            >
              Decline
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
