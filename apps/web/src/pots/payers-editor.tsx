import { Input } from 'antd';

import type { PaidAmounts, PayerMember } from './payers';
import { payersHint } from './payers';

export interface PayersEditorProps {
  members: readonly PayerMember[];
  yourMemberId: string;
  /** The expense amount in pence, or null while it is missing or invalid. */
  amountPence: number | null;
  value: PaidAmounts;
  onChange: (next: PaidAmounts) => void;
  /** Why the amounts were refused when the form was sent; shown instead of the running hint. */
  error: string | null;
  disabled?: boolean;
}

/** One amount per member for an expense several people paid, with what is left to assign as they type. */
export function PayersEditor({
  members,
  yourMemberId,
  amountPence,
  value,
  onChange,
  error,
  disabled,
}: PayersEditorProps) {
  return (
    <fieldset className="payers-editor" disabled={disabled}>
      <legend className="split-legend">What each person paid</legend>
      <ul className="split-rows" aria-label="Paid by">
        {members.map(({ id, name }) => (
          <li key={id} className="payer-row">
            <span className="payer-name">{id === yourMemberId ? `${name} (you)` : name}</span>
            <Input
              className="payer-amount"
              aria-label={`${name} paid`}
              prefix="£"
              inputMode="decimal"
              placeholder="0.00"
              autoComplete="off"
              value={value[id] ?? ''}
              onChange={(event) => onChange({ ...value, [id]: event.target.value })}
              disabled={disabled}
            />
          </li>
        ))}
      </ul>
      {error ? (
        <p className="split-message split-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="split-message muted" aria-live="polite">
          {payersHint(value, members, amountPence)}
        </p>
      )}
    </fieldset>
  );
}
