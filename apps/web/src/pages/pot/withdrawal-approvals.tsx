import type { WithdrawalApproval } from '@kitty/api-client';
import {
  useApproveWithdrawalMutation,
  useCancelWithdrawalMutation,
  useDeclineWithdrawalMutation,
  useListWithdrawalApprovalsQuery,
} from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Button, Popconfirm, Tag } from 'antd';

import { formatDate } from '../../pots/format';
import { withToast } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

/**
 * Pot withdrawals waiting for a second member: any other member approves (the money then
 * leaves for the requester's bank) or declines; the requester can cancel. Nothing shows when none wait.
 */
export function WithdrawalApprovals({ potId }: { potId: string }) {
  const { data, isError } = useListWithdrawalApprovalsQuery(potId);
  if (isError) return <p className="muted">Withdrawals waiting for approval could not be loaded.</p>;
  if (!data?.length) return null;
  return (
    <section className="withdrawal-approvals" aria-labelledby="withdrawal-approvals-title">
      <h3 className="subheading" id="withdrawal-approvals-title">
        Waiting for approval
      </h3>
      <ul className="expense-list" aria-label="Withdrawals waiting for approval">
        {data.map((approval) => (
          <ApprovalRow key={approval.id} approval={approval} />
        ))}
      </ul>
    </section>
  );
}

function ApprovalRow({ approval }: { approval: WithdrawalApproval }) {
  const toast = useToast();
  const [approve, approving] = useApproveWithdrawalMutation();
  const [decline, declining] = useDeclineWithdrawalMutation();
  const [cancel, cancelling] = useCancelWithdrawalMutation();
  const busy = approving.isLoading || declining.isLoading || cancelling.isLoading;
  const amount = formatPence(approval.amountPence);
  const who = approval.requestedByYou ? 'You' : approval.requesterName;

  const run = (action: () => Promise<unknown>, title: string, detail: string) =>
    withToast(toast, action, title, detail);

  return (
    <li className="expense-item">
      <div className="expense-main">
        <span className="expense-description">
          {who} asked to withdraw {amount}
        </span>
        <Tag color="gold">Waiting for approval</Tag>
      </div>
      <div className="expense-meta muted">
        {formatDate(approval.createdAt)} ·{' '}
        {approval.requestedByYou
          ? 'another member must approve it; nothing leaves the pot until then'
          : 'a second member must approve it before it leaves the pot'}
      </div>
      <div className="expense-actions">
        {approval.requestedByYou ? (
          <Button
            size="small"
            loading={cancelling.isLoading}
            disabled={busy}
            onClick={() =>
              run(() => cancel(approval.id).unwrap(), 'Withdrawal cancelled', `${amount} stays in the pot.`)
            }
          >
            Cancel request
          </Button>
        ) : (
          <>
            <Popconfirm
              title={`Approve ${amount} to ${approval.requesterName}?`}
              description="The money leaves the pot for their bank account."
              okText="Approve"
              onConfirm={() =>
                run(
                  () => approve(approval.id).unwrap(),
                  'Withdrawal approved',
                  `${amount} is on its way to ${approval.requesterName}'s bank account.`,
                )
              }
            >
              <Button
                size="small"
                type="primary"
                loading={approving.isLoading}
                disabled={busy}
                aria-label={`Approve: ${approval.requesterName} withdraws ${amount}`}
              >
                Approve
              </Button>
            </Popconfirm>
            <Button
              size="small"
              loading={declining.isLoading}
              disabled={busy}
              aria-label={`Decline: ${approval.requesterName} withdraws ${amount}`}
              onClick={() =>
                run(
                  () => decline(approval.id).unwrap(),
                  'Withdrawal declined',
                  `${amount} stays in the pot; ${approval.requesterName} is told.`,
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
