import type { CreateExpenseRequest, Expense, PotMember } from '@kitty/api-client';
import {
  httpStatusOf,
  problemOf,
  useCreateExpenseMutation,
  useCreateRecurringExpenseMutation,
  useUpdateExpenseMutation,
} from '@kitty/api-client';
import { EARLIEST_SPENT_ON, MAX_EXPENSE_NOTES_LENGTH } from '@kitty/contracts';
import { formatPence, FULL_BASIS_POINTS, type PayerAmount, splitByShares } from '@kitty/money';
import type { FormProps } from 'antd';
import { Alert, Form, Input, Modal, Radio, Select, Switch } from 'antd';
import { useMemo, useState } from 'react';

import { toastProblem } from '../ui/problem-toast';
import { useToast } from '../ui/toast';
import { useIdempotentAction } from '../ui/use-idempotent-action';
import { billStateOf } from './bill';
import { CATEGORY_OPTIONS, type ExpenseCategory } from './categories';
import {
  ConversionFields,
  CurrencySelect,
  type CurrencyValues,
  initialCurrencyValues,
  useExpenseAmount,
} from './currency-fields';
import { amountWithOriginal, currencySymbol, parseMinor } from './foreign';
import { checkPaidAmounts, type PaidAmounts, paidAmountsOf } from './payers';
import { PayersEditor } from './payers-editor';
import { RepeatFields, type RepeatValues, ukToday } from './repeat-fields';
import type { SplitMember, SplitMode, SplitState } from './split';
import { calculateSplit, defaultValues, formatBasisPoints, parseAmountPence, penceText } from './split';
import { SplitEditor } from './split-editor';

interface ExpenseFormValues extends RepeatValues {
  description: string;
  /** In the expense's currency (pounds unless `currency` says otherwise). */
  amount: string;
  currency: CurrencyValues['currency'];
  conversion: CurrencyValues['conversion'];
  rate?: string;
  charged?: string;
  category: ExpenseCategory;
  paidFrom: 'member' | 'pot';
  payerMemberId?: string;
  /** The day it was spent (YYYY-MM-DD); a repeating expense dates each occurrence itself. */
  spentOn?: string;
  notes?: string;
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

/**
 * Record (or edit) an expense: paid from the pot, by a member or by several (what each paid), split four
 * ways with a live preview.
 */
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
  const [createRecurring, recurringState] = useCreateRecurringExpenseMutation();
  const sendOnce = useIdempotentAction();
  const [updateExpense, updateState] = useUpdateExpenseMutation();
  const busy = createState.isLoading || updateState.isLoading || recurringState.isLoading;
  const editing = expense !== undefined;

  const splitMembers = useMemo<SplitMember[]>(() => members.map(({ id, name }) => ({ id, name })), [members]);
  const [split, setSplit] = useState<SplitState>(() => initialSplit(expense, members));
  const [splitServerError, setSplitServerError] = useState<string | null>(null);
  const [severalPaid, setSeveralPaid] = useState(() => (expense?.payers.length ?? 0) > 1);
  const [paidAmounts, setPaidAmounts] = useState<PaidAmounts>(() =>
    expense && expense.payers.length > 1 ? paidAmountsOf(expense.payers) : {},
  );
  const [payersError, setPayersError] = useState<string | null>(null);

  const paidFrom = Form.useWatch('paidFrom', form) ?? expense?.paidFrom ?? initialPaidFrom;
  const repeats = (Form.useWatch('repeat', form) ?? 'none') !== 'none';
  // In pounds, whatever it was paid in: what the split, the payers and the pot's balance are measured in.
  const { currency, method, amountMinor, conversion, amountPence } = useExpenseAmount(
    form,
    split,
    splitMembers,
  );
  const itemised = split.mode === 'itemised';

  // Money already taken from the pot by this expense comes back before the edited amount leaves it.
  const availablePence = balancePence + (expense?.paidFrom === 'pot' ? expense.amountPence : 0);

  const onFinish = async (values: ExpenseFormValues) => {
    if (conversion.status !== 'ok') {
      form.setFields([
        { name: values.conversion === 'bank' ? 'charged' : 'rate', errors: [conversion.message] },
      ]);
      toast.error('Check the amount in pounds', conversion.message);
      return;
    }
    const total = conversion.amountPence;
    const original = conversion.original;
    if (values.paidFrom === 'pot' && total > availablePence) {
      form.setFields([{ name: 'amount', errors: ['The amount exceeds the available balance.'] }]);
      toast.error('Insufficient funds', 'The amount exceeds the available balance.');
      return;
    }
    const outcome = calculateSplit(total, split, splitMembers, currency);
    if (outcome.status !== 'ok') {
      toast.error('Invalid split', outcome.message);
      return;
    }
    const payers = values.paidFrom === 'member' ? whoPaid(values, total) : [];
    if (payers === null) return;
    setSplitServerError(null);
    try {
      if (expense) {
        await updateExpense({
          potId,
          expenseId: expense.id,
          updateExpenseRequest: {
            description: values.description.trim(),
            amountPence: total,
            category: values.category,
            split: outcome.split,
            // Back to pounds is said only of an expense that was in another currency.
            ...(original || expense.original ? { original: original ?? null } : {}),
            ...(values.paidFrom === 'member' ? { payers } : {}),
            ...(values.spentOn && values.spentOn !== expense.spentOn ? { spentOn: values.spentOn } : {}),
            ...((values.notes?.trim() || null) !== expense.notes
              ? { notes: values.notes?.trim() || null }
              : {}),
          },
        }).unwrap();
        toast.success(
          'Expense updated',
          `${values.description.trim()}: ${amountWithOriginal(total, original)}.`,
        );
      } else {
        const request: CreateExpenseRequest = {
          description: values.description.trim(),
          amountPence: total,
          paidFrom: values.paidFrom,
          category: values.category,
          ...(values.paidFrom === 'member'
            ? severalPaid
              ? { payers }
              : { payerMemberId: values.payerMemberId }
            : {}),
          ...(original ? { original } : {}),
          split: outcome.split,
          ...(values.notes?.trim() ? { notes: values.notes.trim() } : {}),
        };
        if (values.repeat && values.repeat !== 'none') {
          await setUpRecurring(request, { ...values, repeat: values.repeat });
          onClose();
          return;
        }
        // Today is the server's default: only another day is sent.
        const dated = {
          ...request,
          ...(values.spentOn && values.spentOn !== ukToday() ? { spentOn: values.spentOn } : {}),
        };
        const recorded = await sendOnce({ potId, request: dated }, (key) =>
          createExpense({ potId, 'Idempotency-Key': key, createExpenseRequest: dated }).unwrap(),
        );
        // Paid by someone else, it counts once they confirm it.
        const payer = members.find(({ id }) => id === recorded.awaitingMemberId)?.name;
        toast.success(
          'Expense recorded!',
          `${values.description.trim()}: ${amountWithOriginal(total, original)}.` +
            (recorded.status === 'pending' ? ` Waiting for ${payer ?? 'the payer'} to confirm.` : ''),
        );
      }
      onClose();
    } catch (error) {
      showServerErrors(error);
    }
  };

  /** The expense every week or month from its first day; the first is recorded at once when that is today. */
  const setUpRecurring = async (
    expenseRequest: CreateExpenseRequest,
    { repeat, startOn, endOn }: RepeatValues & { repeat: 'weekly' | 'monthly' },
  ) => {
    const request = {
      expense: expenseRequest,
      frequency: repeat,
      startOn: startOn ?? ukToday(),
      ...(endOn ? { endOn } : {}),
    };
    const rule = await sendOnce({ potId, request }, (key) =>
      createRecurring({ potId, 'Idempotency-Key': key, createRecurringExpenseRequest: request }).unwrap(),
    );
    toast.success(
      'Recurring expense set up',
      `${rule.description}: ${formatPence(rule.amountPence)} ${repeat === 'weekly' ? 'every week' : 'every month'}.` +
        (rule.occurrences > 0 ? ' The first one is recorded.' : ''),
    );
  };

  /** Who paid what, or null (and why, beside the amounts) when several payers' amounts do not work. */
  const whoPaid = (values: ExpenseFormValues, total: number): PayerAmount[] | null => {
    if (!severalPaid) return [{ memberId: values.payerMemberId ?? yourMemberId, amountPence: total }];
    const checked = checkPaidAmounts(paidAmounts, splitMembers, total);
    if ('payers' in checked) return checked.payers;
    setPayersError(checked.error);
    toast.error('Check who paid', checked.error);
    return null;
  };

  // Several payers start from the one chosen paying it all, to be shared out from there.
  const toggleSeveralPaid = (checked: boolean) => {
    setPayersError(null);
    setSeveralPaid(checked);
    const payer = form.getFieldValue('payerMemberId') as string | undefined;
    if (checked && Object.keys(paidAmounts).length === 0 && payer && amountPence !== null)
      setPaidAmounts({ [payer]: penceText(amountPence) });
  };

  const showServerErrors = (error: unknown) => {
    const problem = problemOf(error);
    if (httpStatusOf(error) === 400 && problem) {
      const fieldOf: Record<string, keyof ExpenseFormValues> = {
        description: 'description',
        amountPence: 'amount',
        category: 'category',
        payerMemberId: 'payerMemberId',
        'original.currency': 'currency',
        'original.amountMinor': 'amount',
        'original.rate': 'rate',
        startOn: 'startOn',
        endOn: 'endOn',
        spentOn: 'spentOn',
        notes: 'notes',
      };
      // A recurring expense's errors name the expense's fields inside `expense`.
      const errors = (problem.errors ?? []).map((error) => ({
        ...error,
        field: error.field.replace(/^expense\./, ''),
      }));
      form.setFields(
        errors
          .filter(({ field }) => field in fieldOf)
          .map(({ field, message }) => ({ name: fieldOf[field], errors: [message] })),
      );
      const payersFieldError = errors.find(({ field }) => field.startsWith('payers'));
      if (payersFieldError) setPayersError(payersFieldError.message);
      const splitError = errors.find(({ field }) => field.startsWith('split'));
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
          ...initialCurrencyValues(expense),
          category: expense?.category ?? 'other',
          paidFrom: expense?.paidFrom ?? initialPaidFrom,
          payerMemberId: expense?.payerMemberId ?? yourMemberId,
          repeat: 'none',
          startOn: ukToday(),
          spentOn: expense?.spentOn ?? ukToday(),
          notes: expense?.notes ?? '',
        }}
      >
        <Form.Item
          label="Description"
          name="description"
          rules={[{ required: true, whitespace: true, message: DESCRIPTION_REQUIRED }]}
        >
          <Input maxLength={200} placeholder="Dinner at the harbour" />
        </Form.Item>
        <CurrencySelect disabled={busy} />
        <Form.Item
          label={itemised ? 'Amount (the bill below)' : 'Amount'}
          name="amount"
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                (currency === 'GBP' ? parseAmountPence(value) : parseMinor(value, currency)) === null
                  ? Promise.reject(
                      new Error(itemised ? 'Add the lines of the bill below.' : 'Invalid amount'),
                    )
                  : Promise.resolve(),
            },
          ]}
          extra={paidFrom === 'pot' ? `Available in the pot: ${formatPence(availablePence)}` : undefined}
        >
          <Input
            prefix={currencySymbol(currency)}
            inputMode="decimal"
            placeholder="0.00"
            autoComplete="off"
            readOnly={itemised}
          />
        </Form.Item>
        <ConversionFields
          currency={currency}
          method={method}
          conversion={conversion}
          amountMinor={amountMinor}
          disabled={busy}
        />
        <Form.Item label="Category" name="category">
          <Select options={CATEGORY_OPTIONS} />
        </Form.Item>
        {!editing && <RepeatFields disabled={busy} />}
        {!repeats && (
          <Form.Item
            label="Date"
            name="spentOn"
            rules={[
              { required: true, message: 'Choose the day it was spent.' },
              {
                validator: (_rule, value: string | undefined) =>
                  value && (value > ukToday() || value < EARLIEST_SPENT_ON)
                    ? Promise.reject(new Error('Choose a day from 2000 to today.'))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input type="date" min={EARLIEST_SPENT_ON} max={ukToday()} />
          </Form.Item>
        )}
        <Form.Item
          label="Paid"
          name="paidFrom"
          extra={
            editing
              ? "Paid from the pot or by members can't be changed: delete the expense and add it again instead."
              : undefined
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
        {paidFrom === 'member' && !severalPaid && (
          <Form.Item
            label="Who paid"
            name="payerMemberId"
            rules={[{ required: true, message: 'Choose who paid.' }]}
          >
            <Select
              disabled={busy}
              options={members.map(({ id, name }) => ({
                value: id,
                label: id === yourMemberId ? `${name} (you)` : name,
              }))}
            />
          </Form.Item>
        )}
        {paidFrom === 'member' && (
          <div className="several-paid">
            <Switch id="several-paid" checked={severalPaid} onChange={toggleSeveralPaid} disabled={busy} />
            <label htmlFor="several-paid">Several people paid</label>
          </div>
        )}
        {paidFrom === 'member' && severalPaid && (
          <PayersEditor
            members={splitMembers}
            yourMemberId={yourMemberId}
            amountPence={amountPence}
            value={paidAmounts}
            onChange={(next) => {
              setPayersError(null);
              setPaidAmounts(next);
            }}
            error={payersError}
            disabled={busy}
          />
        )}
        <SplitEditor
          members={splitMembers}
          currency={currency}
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
        <Form.Item label="Notes (optional)" name="notes">
          <Input.TextArea
            maxLength={MAX_EXPENSE_NOTES_LENGTH}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="Who booked it, what it covered…"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Everyone, equally; or, when editing, the expense's own split with values that give the same shares. */
function initialSplit(expense: Expense | undefined, members: readonly PotMember[]): SplitState {
  if (!expense) {
    return { mode: 'equal', included: members.map(({ id }) => id), values: {} };
  }
  if (expense.splitMode === 'itemised' && expense.items) {
    return {
      mode: 'itemised',
      included: expense.shares.map(({ memberId }) => memberId),
      values: {},
      bill: billStateOf(expense.items, expense.original?.currency ?? 'GBP'),
    };
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
