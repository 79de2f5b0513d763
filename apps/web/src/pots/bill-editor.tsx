import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Segmented, Select } from 'antd';

import {
  type BillExtraState,
  type BillOutcome,
  type BillState,
  billSummary,
  MAX_BILL_LINES,
  newLineKey,
} from './bill';
import { currencySymbol, type ExpenseCurrency } from './foreign';
import type { SplitMember } from './split';

export interface BillEditorProps {
  members: readonly SplitMember[];
  currency: ExpenseCurrency;
  value: BillState;
  onChange: (next: BillState) => void;
  /** The bill as computed from `value` (the dialog computes it once for the amount and the preview). */
  outcome: BillOutcome;
  disabled?: boolean;
}

/**
 * An itemised bill: each line with what it cost and who shares it, then tax and service (an amount or a
 * percentage), shared in proportion to what each person had. The expense's amount is the bill's total.
 */
export function BillEditor({ members, currency, value, onChange, outcome, disabled }: BillEditorProps) {
  const symbol = currencySymbol(currency);
  const memberOptions = members.map(({ id, name }) => ({ value: id, label: name }));
  const setLine = (key: string, change: Partial<BillState['lines'][number]>) =>
    onChange({
      ...value,
      lines: value.lines.map((line) => (line.key === key ? { ...line, ...change } : line)),
    });
  const addLine = () =>
    onChange({
      ...value,
      lines: [
        ...value.lines,
        { key: newLineKey(), description: '', amountText: '', memberIds: members.map(({ id }) => id) },
      ],
    });
  const removeLine = (key: string) =>
    onChange({ ...value, lines: value.lines.filter((line) => line.key !== key) });
  const setExtra = (kind: 'tax' | 'service', change: Partial<BillExtraState>) =>
    onChange({ ...value, [kind]: { ...value[kind], ...change } });

  return (
    <div className="bill-editor">
      <ol className="bill-lines" aria-label="Bill lines">
        {value.lines.map((line, index) => (
          <li key={line.key} className="bill-line">
            <div className="bill-line-top">
              <Input
                className="bill-line-description"
                aria-label={`Line ${index + 1} description`}
                placeholder="Pizza"
                maxLength={100}
                value={line.description}
                onChange={(event) => setLine(line.key, { description: event.target.value })}
                disabled={disabled}
              />
              <Input
                className="bill-line-amount"
                aria-label={`Line ${index + 1} amount`}
                prefix={symbol}
                inputMode="decimal"
                placeholder="0.00"
                autoComplete="off"
                value={line.amountText}
                onChange={(event) => setLine(line.key, { amountText: event.target.value })}
                disabled={disabled}
              />
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`Remove line ${index + 1}`}
                onClick={() => removeLine(line.key)}
                disabled={disabled || value.lines.length === 1}
              />
            </div>
            <Select
              className="bill-line-members"
              mode="multiple"
              aria-label={`Line ${index + 1} shared by`}
              placeholder="Who shares this line"
              options={memberOptions}
              value={line.memberIds}
              onChange={(memberIds: string[]) => setLine(line.key, { memberIds })}
              disabled={disabled}
            />
          </li>
        ))}
      </ol>
      <Button
        icon={<PlusOutlined />}
        onClick={addLine}
        disabled={disabled || value.lines.length >= MAX_BILL_LINES}
        block
      >
        Add line
      </Button>
      <div className="bill-extras">
        {(['tax', 'service'] as const).map((kind) => (
          <div key={kind} className="bill-extra">
            <span className="bill-extra-label">{kind === 'tax' ? 'Tax' : 'Service'}</span>
            <Input
              className="bill-extra-value"
              aria-label={kind === 'tax' ? 'Tax' : 'Service'}
              prefix={value[kind].unit === 'amount' ? symbol : undefined}
              suffix={value[kind].unit === 'percent' ? '%' : undefined}
              inputMode="decimal"
              placeholder={value[kind].unit === 'percent' ? '12.5' : '0.00'}
              autoComplete="off"
              value={value[kind].text}
              onChange={(event) => setExtra(kind, { text: event.target.value })}
              disabled={disabled}
            />
            <Segmented<BillExtraState['unit']>
              aria-label={`${kind === 'tax' ? 'Tax' : 'Service'} as`}
              size="small"
              options={[
                { value: 'amount', label: symbol },
                { value: 'percent', label: '%' },
              ]}
              value={value[kind].unit}
              onChange={(unit) => setExtra(kind, { unit })}
              disabled={disabled}
            />
          </div>
        ))}
      </div>
      {outcome.status === 'ok' ? (
        <p className="split-message muted bill-total" aria-live="polite">
          {billSummary(outcome, currency)}
        </p>
      ) : (
        <p className={`split-message ${outcome.status === 'error' ? 'split-error' : 'muted'}`} role="alert">
          {outcome.message}
        </p>
      )}
    </div>
  );
}
