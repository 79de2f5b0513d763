import type { Expense, PotMember } from '@kitty/api-client';
import { useDeleteExpenseMutation } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Button, Popconfirm } from 'antd';

import { formatDate, splitSummary } from '../../pots/format';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

export interface ExpensesPanelProps {
  potId: string;
  expenses: readonly Expense[];
  members: readonly PotMember[];
  yourUserId: string | undefined;
  isOwner: boolean;
  onEdit: (expense: Expense) => void;
}

/** Every expense: what, how much, who paid, how it was split; its creator or the owner may change it. */
export function ExpensesPanel({ potId, expenses, members, yourUserId, isOwner, onEdit }: ExpensesPanelProps) {
  const toast = useToast();
  const [deleteExpense, deletion] = useDeleteExpenseMutation();

  const payer = (expense: Expense) =>
    expense.paidFrom === 'pot'
      ? 'Paid from pot'
      : `Paid by ${members.find(({ id }) => id === expense.payerMemberId)?.name ?? 'a former member'}`;

  const remove = async (expense: Expense) => {
    try {
      await deleteExpense({ potId, expenseId: expense.id }).unwrap();
      toast.success('Expense deleted', `${expense.description} was removed and the balances updated.`);
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <ul className="expense-list" aria-label="Expenses">
      {expenses.map((expense) => {
        const canChange = isOwner || expense.createdBy === yourUserId;
        return (
          <li key={expense.id} className="expense-item">
            <div className="expense-main">
              <span className="expense-description">{expense.description}</span>
              <span className="expense-amount">{formatPence(expense.amountPence)}</span>
            </div>
            <div className="expense-meta muted">
              {payer(expense)} · {formatDate(expense.createdAt)}
            </div>
            <div className="expense-split muted">{splitSummary(expense)}</div>
            {canChange && (
              <div className="expense-actions">
                <Button
                  size="small"
                  onClick={() => onEdit(expense)}
                  aria-label={`Edit ${expense.description}`}
                >
                  Edit
                </Button>
                <Popconfirm
                  title="Delete this expense?"
                  description="Everyone's balances are recalculated."
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(expense)}
                >
                  <Button
                    size="small"
                    danger
                    loading={deletion.isLoading && deletion.originalArgs?.expenseId === expense.id}
                    aria-label={`Delete ${expense.description}`}
                  >
                    Delete
                  </Button>
                </Popconfirm>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
