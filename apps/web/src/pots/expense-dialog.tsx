import type { CreateExpenseRequest, Expense, PotMember } from '@kitty/api-client';
import {
  httpStatusOf,
  problemOf,
  useCreateExpenseMutation,
  useUpdateExpenseMutation,
} from '@kitty/api-client';
import { formatPence, FULL_BASIS_POINTS, splitByShares } from '@kitty/money';
import type { FormProps } from 'antd';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useMemo, useState } from 'react';

import { toastProblem } from '../ui/problem-toast';
import { useToast } from '../ui/toast';
import { useIdempotentAction } from '../ui/use-idempotent-action';
import type { SplitMember, SplitMode, SplitState } from './split';
import { calculateSplit, defaultValues, formatBasisPoints, parseAmountPence, penceText } from './split';
import { SplitEditor } from './split-editor';

interface ExpenseFormValues {
  description: string;
  amount: string;
  paidFrom: 'member' | 'pot';
  payerMemberId?: string;
}

export interface ExpenseDialogProps {
  open: boolean;
  onClose: () => void;
  potId: string;
  members: readonly PotMember[];
  balancePence: number;
  yourMemberId: string;
  /** 'pot' for Spend Funds; 'member' for Add Expense. */
  initialPaidFrom?: 'member' | 'pot';
  /** Given: the dialog edits this expense. */
  expense?: Expense;
  /** The edited expense was settled up since it was added: changing it reopens debts, so say so first. */
  paidSince?: boolean;
}

const DESCRIPTION_REQUIRED = 'Please provide a description for this expense.';

/** Record (or edit) an expense: paid from the pot or by a member, split four ways with a live preview. */
export function ExpenseDialog(props: ExpenseDialogProps) {
  // A fresh form per opening: the dialog is remounted through its key, so nothing leaks between expenses.
  return props.open ? <ExpenseDialogBody key={props.expense?.id ?? 'new'} {...props} /> : null;
}

function ExpenseDialogBody({
  onClose,
  potId,
  members,
  balancePence,
  yourMemberId,
  initialPaidFrom = 'member',
  expense,
  paidSince = false,
}: ExpenseDialogProps) {
  const [form] = Form.useForm<ExpenseFormValues>();
  const toast = useToast();
  const [createExpense, createState] = useCreateExpenseMutation();
  const sendOnce = useIdempotentAction();
  const [updateExpense, updateState] = useUpdateExpenseMutation();
  const busy = createState.isLoading || updateState.isLoading;
  const editing = expense !== undefined;

  const splitMembers = useMemo<SplitMember[]>(() => members.map(({ id, name }) => ({ id, name })), [members]);
  const [split, setSplit] = useState<SplitState>(() => initialSplit(expense, members));
  const [splitServerError, setSplitServerError] = useState<string | null>(null);

  const amountText = Form.useWatch('amount', form);
  const paidFrom = Form.useWatch('paidFrom', form) ?? expense?.paidFrom ?? initialPaidFrom;
  const amountPence = parseAmountPence(amountText);

  // Money already taken from the pot by this expense comes back before the edited amount leaves it.
  const availablePence = balancePence + (expense?.paidFrom === 'pot' ? expense.amountPence : 0);

  const onFinish = async (values: ExpenseFormValues) => {
    const total = parseAmountPence(values.amount);
    if (total === null) return;
    if (values.paidFrom === 'pot' && total > availablePence) {
      form.setFields([{ name: 'amount', errors: ['The amount exceeds the available balance.'] }]);
      toast.error('Insufficient funds', 'The amount exceeds the available balance.');
      return;
    }
    const outcome = calculateSplit(total, split, splitMembers);
    if (outcome.status !== 'ok') {
      toast.error('Invalid split', outcome.message);
      return;
    }
    setSplitServerError(null);
    try {
      if (expense) {
        await updateExpense({
          potId,
          expenseId: expense.id,
          updateExpenseRequest: {
            description: values.description.trim(),
            amountPence: total,
            split: outcome.split,
          },
        }).unwrap();
        toast.success('Expense updated', `${values.description.trim()}: ${formatPence(total)}.`);
      } else {
        const request: CreateExpenseRequest = {
          description: values.description.trim(),
          amountPence: total,
          paidFrom: values.paidFrom,
          ...(values.paidFrom === 'member' ? { payerMemberId: values.payerMemberId } : {}),
          split: outcome.split,
        };
        const recorded = await sendOnce({ potId, request }, (key) =>
          createExpense({ potId, 'Idempotency-Key': key, createExpenseRequest: request }).unwrap(),
        );
        // Paid by someone else, it counts once they confirm it (issue 11 §3).
        const payer = members.find(({ id }) => id === recorded.awaitingMemberId)?.name;
        toast.success(
          'Expense recorded!',
          `${values.description.trim()}: ${formatPence(total)}.` +
            (recorded.status === 'pending' ? ` Waiting for ${payer ?? 'the payer'} to confirm.` : ''),
        );
      }
      onClose();
    } catch (error) {
      showServerErrors(error);
    }
  };

  const showServerErrors = (error: unknown) => {
    const problem = problemOf(error);
    if (httpStatusOf(error) === 400 && problem) {
      const fieldOf: Record<string, keyof ExpenseFormValues> = {
        description: 'description',
        amountPence: 'amount',
        payerMemberId: 'payerMemberId',
      };
      form.setFields(
        (problem.errors ?? [])
          .filter(({ field }) => field in fieldOf)
          .map(({ field, message }) => ({ name: fieldOf[field], errors: [message] })),
      );
      const splitError = problem.errors?.find(({ field }) => field.startsWith('split'));
      if (splitError || problem.title === 'Invalid split')
        setSplitServerError(splitError?.message ?? problem.detail ?? null);
    }
    if (httpStatusOf(error) === 409)
      form.setFields([
        { name: 'amount', errors: [problem?.detail ?? 'The amount exceeds the available balance.'] },
      ]);
    toastProblem(toast, error);
  };

  const onFinishFailed: FormProps<ExpenseFormValues>['onFinishFailed'] = ({ errorFields }) => {
    const failed = new Set(errorFields.map(({ name }) => name[0]));
    if (failed.has('description')) toast.error('Description required', DESCRIPTION_REQUIRED);
    else if (failed.has('amount')) toast.error('Invalid amount', 'Please enter an amount greater than £0.');
  };

  const title = editing ? 'Edit expense' : initialPaidFrom === 'pot' ? 'Spend Funds' : 'Add Expense';

  return (
    <Modal
      open
      title={title}
      okText={editing ? 'Save changes' : 'Record expense'}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      mask={{ closable: !busy }}
      destroyOnHidden
      width={560}
    >
      {editing && paidSince && (
        <Alert
          className="expense-paid-since"
          type="warning"
          showIcon
          title="A payment was recorded after this expense"
          description="Changing its amount or split changes who owes whom again, and the activity feed shows what changed."
        />
      )}
      <Form<ExpenseFormValues>
        form={form}
        name="expense"
        layout="vertical"
        requiredMark={false}
        disabled={busy}
        onFinish={onFinish}
        onFinishFailed={onFinishFailed}
        initialValues={{
          description: expense?.description ?? '',
          amount: expense ? penceText(expense.amountPence) : '',
          paidFrom: expense?.paidFrom ?? initialPaidFrom,
          payerMemberId: expense?.payerMemberId ?? yourMemberId,
        }}
      >
        <Form.Item
          label="Description"
          name="description"
          rules={[{ required: true, whitespace: true, message: DESCRIPTION_REQUIRED }]}
        >
          <Input maxLength={200} placeholder="Dinner at the harbour" />
        </Form.Item>
        <Form.Item
          label="Amount"
          name="amount"
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                parseAmountPence(value) === null
                  ? Promise.reject(new Error('Invalid amount'))
                  : Promise.resolve(),
            },
          ]}
          extra={paidFrom === 'pot' ? `Available in the pot: ${formatPence(availablePence)}` : undefined}
        >
          <Input prefix="£" inputMode="decimal" placeholder="0.00" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Paid"
          name="paidFrom"
          extra={
            editing ? "Who paid can't be changed: delete the expense and add it again instead." : undefined
          }
        >
          <Radio.Group
            disabled={editing || busy}
            options={[
              { value: 'member', label: 'By a member' },
              { value: 'pot', label: 'From the pot' },
            ]}
          />
        </Form.Item>
        {paidFrom === 'member' && (
          <Form.Item
            label="Who paid"
            name="payerMemberId"
            rules={[{ required: true, message: 'Choose who paid.' }]}
          >
            <Select
              disabled={editing || busy}
              options={members.map(({ id, name }) => ({
                value: id,
                label: id === yourMemberId ? `${name} (you)` : name,
              }))}
            />
          </Form.Item>
        )}
        <SplitEditor
          members={splitMembers}
          amountPence={amountPence}
          value={split}
          onChange={(next) => {
            setSplitServerError(null);
            setSplit(next);
          }}
          disabled={busy}
        />
        {splitServerError && (
          <p className="split-message split-error" role="alert">
            {splitServerError}
          </p>
        )}
      </Form>
    </Modal>
  );
}

/** Everyone, equally; or, when editing, the expense's own split with values that give the same shares. */
function initialSplit(expense: Expense | undefined, members: readonly PotMember[]): SplitState {
  if (!expense) {
    return { mode: 'equal', included: members.map(({ id }) => id), values: {} };
  }
  const mode: SplitMode = expense.splitMode;
  const included = expense.shares.map(({ memberId }) => memberId);
  const values: Record<string, string> = {};
  if (mode === 'exact') {
    for (const share of expense.shares) values[share.memberId] = penceText(share.amountPence);
  } else if (mode === 'percent') {
    // Each stored share as basis points of the total, apportioned (largest remainder) to make exactly 100%.
    const paying = expense.shares.filter(({ amountPence }) => amountPence > 0);
    const basisPoints = new Map(
      paying.length
        ? splitByShares(
            FULL_BASIS_POINTS,
            paying.map(({ memberId, amountPence }) => [memberId, amountPence] as const),
          ).map(({ memberId, amountPence }) => [memberId, amountPence])
        : [],
    );
    for (const { memberId } of expense.shares)
      values[memberId] = formatBasisPoints(basisPoints.get(memberId) ?? 0);
  } else if (mode === 'shares') {
    // Shares in lowest terms reproduce the stored amounts exactly (600/300 → 2 and 1).
    const divisor = expense.shares.reduce((acc, { amountPence }) => gcd(acc, amountPence), 0) || 1;
    for (const share of expense.shares) values[share.memberId] = String(share.amountPence / divisor);
  }
  return { mode, included, values: mode === 'equal' ? defaultValues('equal', included, null) : values };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
