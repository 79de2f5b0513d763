import type { ExplainedItem, SettleUpTransfer } from '@kitty/api-client';
import { problemDetail, useExplainTransferQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Modal, Skeleton } from 'antd';

import { formatCalendarDay } from '../../pots/format';

export interface TransferExplanationDialogProps {
  potId: string;
  transfer: SettleUpTransfer;
  nameOf: (memberId: string) => string;
  onClose: () => void;
}

/** '+£15.00' adds to the debt, '−£5.00' takes off it. */
const signed = (pence: number) => `${pence < 0 ? '−' : '+'}${formatPence(Math.abs(pence))}`;

/** What a position says in words: 'owes £15.00 in all', 'is owed £10.00 in all', 'is settled up'. */
const inAll = (netPence: number) =>
  netPence < 0
    ? `owes ${formatPence(-netPence)} in all`
    : netPence > 0
      ? `is owed ${formatPence(netPence)} in all`
      : 'is settled up overall';

/**
 * 'Why?' on a transfer of the settle-up plan: the expenses and payments between the two people
 * behind it and, where debts are simplified, how each one's position in all makes this the payment to make.
 */
export function TransferExplanationDialog({
  potId,
  transfer,
  nameOf,
  onClose,
}: TransferExplanationDialogProps) {
  const query = useExplainTransferQuery({
    potId,
    fromMemberId: transfer.fromMemberId,
    toMemberId: transfer.toMemberId,
  });
  const debtor = nameOf(transfer.fromMemberId);
  const creditor = nameOf(transfer.toMemberId);
  const title = `Why ${debtor} pays ${creditor} ${formatPence(transfer.amountPence)}`;
  const data = query.data;

  const describeItem = (item: ExplainedItem) =>
    item.kind === 'payment'
      ? item.amountPence < 0
        ? `${debtor} paid ${creditor}`
        : `${creditor} paid ${debtor}`
      : item.amountPence > 0
        ? `${item.description}: ${debtor}'s share of what ${creditor} paid`
        : `${item.description}: ${creditor}'s share of what ${debtor} paid`;

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      destroyOnHidden
      className="transfer-explanation"
    >
      {query.isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title="Could not load the explanation"
          description={problemDetail(query.error) ?? 'Please try again later.'}
          action={
            <Button size="small" onClick={() => query.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {data && (
        <>
          {data.simplified ? (
            <p>
              Debts in this pot are simplified: Kitty looks at what each person owes or is owed in all and
              finds the fewest payments that settle everyone. {debtor} {inAll(data.fromNetPence)} and{' '}
              {creditor} {inAll(data.toNetPence)}.
              {data.directPence !== transfer.amountPence &&
                ' So this payment stands in for debts that run through other people; with simplifying off, each debt is paid back as it is.'}
            </p>
          ) : (
            <p>Debts in this pot are not simplified: everyone pays back exactly whom they owe.</p>
          )}
          <h4 className="subheading">
            {data.directPence > 0
              ? `Between the two of them, ${debtor} owes ${creditor} ${formatPence(data.directPence)}`
              : data.directPence < 0
                ? `Between the two of them, ${creditor} owes ${debtor} ${formatPence(-data.directPence)}`
                : 'Between the two of them, nothing is owed'}
          </h4>
          {data.items.length === 0 && data.earlierPence === 0 && data.passedOnPence === 0 ? (
            <p className="muted">
              {debtor} and {creditor} share no expenses or payments.
            </p>
          ) : (
            <ul className="explained-items" aria-label="Expenses and payments behind it">
              {data.items.map((item) => (
                <li key={item.id}>
                  <span className="muted">{formatCalendarDay(item.day)}</span>{' '}
                  <span>{describeItem(item)}</span> <strong>{signed(item.amountPence)}</strong>
                </li>
              ))}
              {data.earlierPence !== 0 && (
                <li>
                  <span>Earlier expenses and payments</span> <strong>{signed(data.earlierPence)}</strong>
                </li>
              )}
              {data.passedOnPence !== 0 && (
                <li>
                  <span>Passed on when members who were settled up left</span>{' '}
                  <strong>{signed(data.passedOnPence)}</strong>
                </li>
              )}
            </ul>
          )}
        </>
      )}
    </Modal>
  );
}
