import { formatPence } from '@kitty/money';
import { Checkbox, Input, Segmented } from 'antd';
import { useMemo } from 'react';

import { useMediaQuery } from '../ui/use-media-query';
import { calculateBill, emptyBill } from './bill';
import { BillEditor } from './bill-editor';
import type { ExpenseCurrency } from './foreign';
import type { SplitMember, SplitMode, SplitState } from './split';
import { calculateSplit, defaultValues, SPLIT_MODE_LABELS } from './split';

const MODES = Object.entries(SPLIT_MODE_LABELS).map(([value, label]) => ({
  value: value as SplitMode,
  label,
}));

const VALUE_INPUT: Record<
  Exclude<SplitMode, 'equal' | 'itemised'>,
  { prefix?: string; suffix?: string; label: string }
> = {
  exact: { prefix: '£', label: 'amount' },
  percent: { suffix: '%', label: 'percentage' },
  shares: { suffix: 'shares', label: 'shares' },
};

export interface SplitEditorProps {
  members: readonly SplitMember[];
  /** The expense amount in pence, or null while it is missing or invalid. */
  amountPence: number | null;
  value: SplitState;
  onChange: (next: SplitState) => void;
  /** What the expense was paid in: an itemised bill's lines are in it. */
  currency?: ExpenseCurrency;
  disabled?: boolean;
}

/**
 * Who shares an expense and how, with each person's share previewed live as the server will compute it
 * (same library, same largest-remainder rule), and why it does not add up when it does not.
 */
export function SplitEditor({
  members,
  amountPence,
  value,
  onChange,
  currency = 'GBP',
  disabled,
}: SplitEditorProps) {
  // On a phone the modes are stacked: side by side their labels would be cut short.
  const phone = useMediaQuery('(max-width: 575px)');
  const outcome = useMemo(
    () => calculateSplit(amountPence, value, members, currency),
    [amountPence, value, members, currency],
  );
  const itemised = value.mode === 'itemised';
  const bill = value.bill ?? emptyBill(value.included);
  const billOutcome = useMemo(() => calculateBill(bill, currency, members), [bill, currency, members]);
  const shareOf = new Map(
    outcome.status === 'ok' ? outcome.shares.map((s) => [s.memberId, s.amountPence]) : [],
  );

  const orderedIncluded = (included: string[]) =>
    members.filter(({ id }) => included.includes(id)).map(({ id }) => id);

  // A new mode starts from an even split (of the amount, of 100%, or one share each).
  // An itemised bill starts with one line shared by those in the split so far.
  const changeMode = (mode: SplitMode) =>
    onChange({
      mode,
      included: value.included,
      values: defaultValues(mode, orderedIncluded(value.included), amountPence),
      bill: value.bill ?? (mode === 'itemised' ? emptyBill(orderedIncluded(value.included)) : undefined),
    });

  const toggle = (memberId: string, checked: boolean) => {
    const included = checked
      ? orderedIncluded([...value.included, memberId])
      : value.included.filter((id) => id !== memberId);
    // Someone added to a split by shares starts with one share; other values stay as typed.
    const values = { ...value.values };
    if (checked && value.mode === 'shares' && !values[memberId]) values[memberId] = '1';
    onChange({ ...value, included, values });
  };

  const setValue = (memberId: string, text: string) =>
    onChange({ ...value, values: { ...value.values, [memberId]: text } });

  const input = value.mode === 'equal' || value.mode === 'itemised' ? null : VALUE_INPUT[value.mode];

  return (
    <fieldset className="split-editor" disabled={disabled}>
      <legend className="split-legend">Split</legend>
      <Segmented<SplitMode>
        options={MODES}
        value={value.mode}
        onChange={changeMode}
        block
        vertical={phone}
        disabled={disabled}
        aria-label="Split mode"
      />
      {itemised && (
        <BillEditor
          members={members}
          currency={currency}
          value={bill}
          onChange={(next) => onChange({ ...value, bill: next })}
          outcome={billOutcome}
          disabled={disabled}
        />
      )}
      <ul className="split-rows" aria-label="Split between">
        {members.map((member) => {
          const share = shareOf.get(member.id);
          if (itemised)
            return (
              <li key={member.id} className="split-row">
                <span className="split-name">{member.name}</span>
                <output className="split-share" aria-label={`${member.name} pays`}>
                  {share !== undefined ? formatPence(share) : '—'}
                </output>
              </li>
            );
          const included = value.included.includes(member.id);
          return (
            <li key={member.id} className="split-row">
              <Checkbox
                checked={included}
                onChange={(event) => toggle(member.id, event.target.checked)}
                disabled={disabled}
              >
                {member.name}
              </Checkbox>
              {input && (
                <Input
                  className="split-value"
                  aria-label={`${member.name} ${input.label}`}
                  prefix={input.prefix}
                  suffix={input.suffix}
                  inputMode={value.mode === 'shares' ? 'numeric' : 'decimal'}
                  value={value.values[member.id] ?? ''}
                  onChange={(event) => setValue(member.id, event.target.value)}
                  disabled={disabled || !included}
                />
              )}
              <output className="split-share" aria-label={`${member.name} pays`}>
                {included && share !== undefined ? formatPence(share) : '—'}
              </output>
            </li>
          );
        })}
      </ul>
      {outcome.status === 'error' ? (
        <p className="split-message split-error" role="alert">
          {outcome.message}
        </p>
      ) : outcome.status === 'incomplete' ? (
        <p className="split-message muted">{outcome.message}</p>
      ) : (
        <p className="split-message muted">
          {outcome.shares.length === 1
            ? `${outcome.shares[0].name} pays it all.`
            : `Split between ${outcome.shares.length} people; the shares add up to ${formatPence(
                outcome.shares.reduce((sum, share) => sum + share.amountPence, 0),
              )}.`}
        </p>
      )}
    </fieldset>
  );
}
