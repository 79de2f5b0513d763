import type { Expense, PotMember } from '@kitty/api-client';
import {
  useConfirmExpenseMutation,
  useDeclineExpenseMutation,
  useDeleteExpenseMutation,
} from '@kitty/api-client';
import { Button, Popconfirm, Tag } from 'antd';
import { memo, useMemo, useRef, useState } from 'react';

import { BillDetails } from '../../pots/bill-details';
import { CATEGORY_LABELS } from '../../pots/categories';
import { ExpenseReceipt } from '../../pots/expense-receipt';
import { amountWithOriginal } from '../../pots/foreign';
import { formatCalendarDay, paidBySummary, splitSummary } from '../../pots/format';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

export interface ExpensesPanelProps {
  potId: string;
  expenses: readonly Expense[];
  members: readonly PotMember[];
  yourUserId: string | undefined;
  yourMemberId: string;
  isOwner: boolean;
  /** An archived pot takes no changes: the server refuses them, so nothing offers them. */
  archived: boolean;
  onEdit: (expense: Expense) => void;
  /** Whether a payment between members was recorded after this expense (changing it reopens debts). */
  paidSince: (expense: Expense) => boolean;
}

/** Expenses drawn at first, and added by each "Show more": a row is several controls, and a phone drawing
 * hundreds of them at once froze for seconds. */
const EXPENSES_PER_PAGE = 25;

/**
 * Every expense, newest first and a page at a time: what, how much, who paid (what each paid when several did), how it was split; its creator or the owner may change it. One
 * recorded as paid by someone else is pending until they (or the owner) confirm it, and they see Confirm
 * and Decline. A row is drawn again only when its own expense or state changes: a pot of hundreds of
 * expenses that gains one (a live notice, say) draws one new row, not the whole list.
 */
export function ExpensesPanel({
  potId,
  expenses,
  members,
  yourUserId,
  yourMemberId,
  isOwner,
  archived,
  onEdit,
  paidSince,
}: ExpensesPanelProps) {
  const toast = useToast();
  const [shownCount, setShownCount] = useState(EXPENSES_PER_PAGE);
  const [deleteExpense, deletion] = useDeleteExpenseMutation();
  const [confirmExpense, confirming] = useConfirmExpenseMutation();
  const [declineExpense, declining] = useDeclineExpenseMutation();

  const decide = async (expense: Expense, decision: 'confirm' | 'decline') => {
    try {
      if (decision === 'confirm') {
        await confirmExpense({ potId, expenseId: expense.id }).unwrap();
        toast.success('Expense confirmed', `${expense.description} now counts in everyone's balances.`);
      } else {
        await declineExpense({ potId, expenseId: expense.id }).unwrap();
        toast.success('Expense declined', `${expense.description} will not count in anyone's balances.`);
      }
    } catch (error) {
      toastProblem(toast, error);
    }
  };
  const deciding = (expenseId: string) =>
    (confirming.isLoading && confirming.originalArgs?.expenseId === expenseId) ||
    (declining.isLoading && declining.originalArgs?.expenseId === expenseId);

  const remove = async (expense: Expense) => {
    try {
      await deleteExpense({ potId, expenseId: expense.id }).unwrap();
      toast.success('Expense deleted', `${expense.description} was removed and the balances updated.`);
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  // The rows' actions stay the same functions from one drawing to the next (so rows can skip drawing)
  // and call what this drawing's props and hooks hold.
  const latest = useRef({ decide, remove, onEdit });
  latest.current = { decide, remove, onEdit };
  const actions = useMemo<RowActions>(
    () => ({
      decide: (expense, decision) => latest.current.decide(expense, decision),
      remove: (expense) => latest.current.remove(expense),
      edit: (expense) => latest.current.onEdit(expense),
    }),
    [],
  );

  // One waiting for the viewer's decision is always drawn, however far down the list it is.
  const shown = expenses.filter(
    (expense, index) =>
      index < shownCount ||
      (expense.status === 'pending' && (isOwner || expense.awaitingMemberId === yourMemberId)),
  );
  const more = Math.min(EXPENSES_PER_PAGE, expenses.length - shown.length);
  return (
    <>
      <ul className="expense-list" aria-label="Expenses">
        {shown.map((expense) => (
          <ExpenseRow
            key={expense.id}
            potId={potId}
            expense={expense}
            members={members}
            canChange={!archived && (isOwner || expense.createdBy === yourUserId)}
            yours={expense.awaitingMemberId === yourMemberId}
            isOwner={isOwner}
            deciding={deciding(expense.id)}
            removing={deletion.isLoading && deletion.originalArgs?.expenseId === expense.id}
            paidSince={paidSince(expense)}
            actions={actions}
          />
        ))}
      </ul>
      {more > 0 && (
        <Button type="link" onClick={() => setShownCount(shownCount + EXPENSES_PER_PAGE)}>
          Show {more} more ({shown.length} of {expenses.length} shown)
        </Button>
      )}
    </>
  );
}

interface RowActions {
  decide: (expense: Expense, decision: 'confirm' | 'decline') => void;
  remove: (expense: Expense) => void;
  edit: (expense: Expense) => void;
}

interface ExpenseRowProps {
  potId: string;
  expense: Expense;
  members: readonly PotMember[];
  canChange: boolean;
  /** The expense waits for the viewer to confirm it. */
  yours: boolean;
  isOwner: boolean;
  deciding: boolean;
  removing: boolean;
  /** A payment between members was recorded after it (changing it reopens debts). */
  paidSince: boolean;
  actions: RowActions;
}

const ExpenseRow = memo(function ExpenseRow({
  potId,
  expense,
  members,
  canChange,
  yours,
  isOwner,
  deciding,
  removing,
  paidSince,
  actions,
}: ExpenseRowProps) {
  const nameOf = (memberId: string | null) =>
    members.find(({ id }) => id === memberId)?.name ?? 'a former member';
  const pending = expense.status === 'pending';
  return (
    <li className="expense-item">
      <div className="expense-main">
        <span className="expense-description">{expense.description}</span>
        <span className="expense-amount">{amountWithOriginal(expense.amountPence, expense.original)}</span>
      </div>
      <div className="expense-meta muted">
        {paidBySummary(expense, nameOf)} · {CATEGORY_LABELS[expense.category]} ·{' '}
        {formatCalendarDay(expense.spentOn)}
      </div>
      <div className="expense-split muted">{splitSummary(expense)}</div>
      {expense.notes && <p className="expense-notes">{expense.notes}</p>}
      <BillDetails expense={expense} nameOf={nameOf} />
      {pending && (
        <div className="expense-pending">
          <Tag color="gold">Pending</Tag>
          <span className="muted">
            Recorded by {expense.createdByName} · waiting for{' '}
            {yours ? 'you' : nameOf(expense.awaitingMemberId)} to confirm
          </span>
        </div>
      )}
      {pending && (yours || isOwner) && (
        <div className="expense-actions">
          <Button
            size="small"
            type="primary"
            disabled={deciding}
            onClick={() => actions.decide(expense, 'confirm')}
            aria-label={`Confirm ${expense.description}`}
          >
            Confirm
          </Button>
          <Button
            size="small"
            disabled={deciding}
            onClick={() => actions.decide(expense, 'decline')}
            aria-label={`Decline ${expense.description}`}
          >
            Decline
          </Button>
        </div>
      )}
      {canChange && (
        <div className="expense-actions">
          <Button
            size="small"
            onClick={() => actions.edit(expense)}
            aria-label={`Edit ${expense.description}`}
          >
            Edit
          </Button>
          <Popconfirm
            title="Delete this expense?"
            description={
              paidSince
                ? 'A payment was recorded after it: deleting it changes who owes whom again.'
                : "Everyone's balances are recalculated."
            }
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => actions.remove(expense)}
          >
            <Button size="small" danger loading={removing} aria-label={`Delete ${expense.description}`}>
              Delete
            </Button>
          </Popconfirm>
        </div>
      )}
      {(expense.hasReceipt || canChange) && (
        <div className="expense-actions">
          <ExpenseReceipt potId={potId} expense={expense} canChange={canChange} />
        </div>
      )}
    </li>
  );
});
