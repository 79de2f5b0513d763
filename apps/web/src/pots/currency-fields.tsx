import type { Expense } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import type { FormInstance } from 'antd';
import { Form, Input, Segmented, Select } from 'antd';
import { useEffect, useMemo } from 'react';

import { calculateBill } from './bill';
import {
  type Conversion,
  type ConversionMethod,
  convert,
  CURRENCY_OPTIONS,
  type ExpenseCurrency,
  formatIn,
  impliedRate,
  minorText,
  minorUnitsOf,
  parseMinor,
} from './foreign';
import { parseAmountPence, penceText, type SplitMember, type SplitState } from './split';

/** The expense form's fields for what it was paid in. */
export interface CurrencyValues {
  currency: ExpenseCurrency;
  conversion: ConversionMethod;
  rate?: string;
  charged?: string;
}

/** What an edited expense's currency fields start from (pounds for a new one). */
export function initialCurrencyValues(expense: Expense | undefined): CurrencyValues & { amount: string } {
  const original = expense?.original;
  if (!expense || !original)
    return { currency: 'GBP', conversion: 'rate', amount: expense ? penceText(expense.amountPence) : '' };
  return {
    currency: original.currency,
    amount: minorText(original.amountMinor, original.currency),
    conversion: original.rate === null ? 'bank' : 'rate',
    rate: original.rate ?? undefined,
    charged: original.rate === null ? penceText(expense.amountPence) : undefined,
  };
}

/**
 * The expense in pounds from the form as it stands: the amount typed (in its currency) or, for an itemised
 * bill, the bill's total, which this keeps in the amount field; then converted at the rate or taken from
 * what the bank charged.
 */
export function useExpenseAmount(
  form: FormInstance,
  split: SplitState,
  members: readonly SplitMember[],
): {
  currency: ExpenseCurrency;
  method: ConversionMethod;
  amountMinor: number | null;
  conversion: Conversion;
  amountPence: number | null;
} {
  const currency = (Form.useWatch('currency', form) as ExpenseCurrency | undefined) ?? 'GBP';
  const amountText = Form.useWatch('amount', form) as string | undefined;
  const method = (Form.useWatch('conversion', form) as ConversionMethod | undefined) ?? 'rate';
  const rateText = Form.useWatch('rate', form) as string | undefined;
  const chargedText = Form.useWatch('charged', form) as string | undefined;

  const itemised = split.mode === 'itemised' && split.bill !== undefined;
  const bill = useMemo(
    () => (itemised && split.bill ? calculateBill(split.bill, currency, members) : null),
    [itemised, split.bill, currency, members],
  );
  const billTotal = bill?.status === 'ok' ? minorText(bill.total, currency) : null;
  useEffect(() => {
    if (billTotal !== null && form.getFieldValue('amount') !== billTotal)
      form.setFieldValue('amount', billTotal);
  }, [billTotal, form]);

  const amountMinor =
    currency === 'GBP'
      ? parseAmountPence(billTotal ?? amountText)
      : parseMinor(billTotal ?? amountText, currency);
  const conversion = convert({ currency, amountMinor, method, rateText, chargedText });
  return {
    currency,
    method,
    amountMinor,
    conversion,
    amountPence: conversion.status === 'ok' ? conversion.amountPence : null,
  };
}

/** The currency picker (beside the amount). */
export function CurrencySelect({ disabled }: { disabled?: boolean }) {
  return (
    <Form.Item label="Currency" name="currency">
      <Select showSearch={{ optionFilterProp: 'label' }} options={CURRENCY_OPTIONS} disabled={disabled} />
    </Form.Item>
  );
}

/**
 * For an expense in another currency: the rate the payer was given, or what their bank charged in pounds,
 * and what that makes it ('€45.00 (£38.61)'), which is what counts in the pot's balances.
 */
export function ConversionFields({
  currency,
  method,
  conversion,
  amountMinor,
  disabled,
}: {
  currency: ExpenseCurrency;
  method: ConversionMethod;
  conversion: Conversion;
  amountMinor: number | null;
  disabled?: boolean;
}) {
  if (currency === 'GBP') return null;
  return (
    <div className="conversion-fields">
      <Form.Item label="In pounds" name="conversion">
        <Segmented<ConversionMethod>
          block
          disabled={disabled}
          options={[
            { value: 'rate', label: 'Exchange rate' },
            { value: 'bank', label: 'My bank charged' },
          ]}
        />
      </Form.Item>
      {method === 'rate' ? (
        <Form.Item
          label={`Pounds for ${formatIn(10 ** minorUnitsOf(currency), currency)}`}
          name="rate"
          extra="Kitty has no exchange rate of its own: use the one on your receipt or in your bank's app. Know what your bank took in pounds? Choose 'My bank charged' and Kitty works out the rate."
        >
          <Input prefix="£" inputMode="decimal" placeholder="0.858" autoComplete="off" disabled={disabled} />
        </Form.Item>
      ) : (
        <Form.Item
          label="Pounds my bank charged"
          name="charged"
          extra={
            conversion.status === 'ok' && amountMinor !== null
              ? `That is £${impliedRate(amountMinor, currency, conversion.amountPence)} for ${formatIn(10 ** minorUnitsOf(currency), currency)}: the rate your bank used, its fees included.`
              : 'From your bank statement or app: the rate your bank used, its fees included, is worked out from it.'
          }
        >
          <Input prefix="£" inputMode="decimal" placeholder="0.00" autoComplete="off" disabled={disabled} />
        </Form.Item>
      )}
      <p
        className={`split-message conversion-result ${conversion.status === 'error' ? 'split-error' : 'muted'}`}
        aria-live="polite"
      >
        {conversion.status === 'ok' && amountMinor !== null
          ? `${formatIn(amountMinor, currency)} (${formatPence(conversion.amountPence)}) — the pot's balances count ${formatPence(conversion.amountPence)}.`
          : conversion.status === 'ok'
            ? ''
            : conversion.message}
      </p>
    </div>
  );
}
