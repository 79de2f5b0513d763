import '../../pots/recurring.css';

import type { RecurringExpense } from '@kitty/api-client';
import { useCancelRecurringExpenseMutation, useListRecurringExpensesQuery } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Popconfirm, Tag } from 'antd';

import { formatCalendarDay } from '../../pots/format';
import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

const EVERY = { weekly: 'Every week', monthly: 'Every month' } as const;

/** 'Every month · next 1 Jan 2027 · until 1 Jun 2027', or how it ended. */
export function recurrenceSummary(rule: RecurringExpense): string {
  if (rule.cancelledAt) return `${EVERY[rule.frequency]} · cancelled`;
  if (!rule.nextDueOn) return `${EVERY[rule.frequency]} · ended`;
  return [
    EVERY[rule.frequency],
    `next ${formatCalendarDay(rule.nextDueOn)}`,
    rule.endOn ? `until ${formatCalendarDay(rule.endOn)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The pot's recurring expenses, above its expenses: what each records, when next, how many
 * so far, why a day was skipped; who set one up, or the owner, can cancel it. Nothing shows while the pot
 * has none.
 */
export function RecurringExpenses({ potId }: { potId: string }) {
  const toast = useToast();
  const { data: rules } = useListRecurringExpensesQuery(potId);
  const [cancelRule, cancelling] = useCancelRecurringExpenseMutation();
  if (!rules || rules.length === 0) return null;
  const running = rules.filter((rule) => rule.nextDueOn !== null);
  const finished = rules.filter((rule) => rule.nextDueOn === null).slice(0, 5);

  const cancel = async (rule: RecurringExpense) => {
    try {
      await cancelRule({ potId, recurringId: rule.id }).unwrap();
      toast.success('Recurring expense cancelled', `${rule.description} will not be added again.`);
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <section className="recurring-expenses" aria-label="Recurring expenses">
      <h3 className="recurring-title">Recurring</h3>
      <ul className="expense-list">
        {[...running, ...finished].map((rule) => (
          <li key={rule.id} className={`expense-item${rule.nextDueOn ? '' : ' recurring-finished'}`}>
            <div className="expense-main">
              <span className="expense-description">
                {rule.description} <Tag>{rule.frequency === 'weekly' ? 'Weekly' : 'Monthly'}</Tag>
              </span>
              <span className="expense-amount">{formatPence(rule.amountPence)}</span>
            </div>
            <div className="expense-meta muted">
              {recurrenceSummary(rule)} · added {rule.occurrences} {rule.occurrences === 1 ? 'time' : 'times'}{' '}
              · set up by {rule.createdByName}
            </div>
            {rule.lastProblem && (
              <Alert type="warning" showIcon title={rule.lastProblem} className="recurring-problem" />
            )}
            {rule.youMayCancel && (
              <div className="expense-actions">
                <Popconfirm
                  title="Stop this recurring expense?"
                  description="What it has added stays; nothing more is added."
                  okText="Stop it"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => cancel(rule)}
                >
                  <Button
                    size="small"
                    danger
                    loading={cancelling.isLoading && cancelling.originalArgs?.recurringId === rule.id}
                    aria-label={`Stop recurring ${rule.description}`}
                  >
                    Stop
                  </Button>
                </Popconfirm>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
