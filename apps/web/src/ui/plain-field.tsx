import './plain-field.css';

import type { InputHTMLAttributes, ReactNode } from 'react';
import { useState } from 'react';

import { EyeIcon, EyeInvisibleIcon } from './inline-icons';
import type { FieldState } from './use-form-fields';

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

interface FieldProps extends InputAttributes {
  field: FieldState;
  label: string;
  /** Help shown under the field at all times. */
  extra?: ReactNode;
}

/** The input's aria wiring, as antd's Form.Item gives it: invalid state and the texts that describe it. */
function describedInput({ field, extra }: FieldProps) {
  const describedBy = [field.error && `${field.id}_help`, extra && `${field.id}_extra`].filter(Boolean);
  return {
    id: field.id,
    value: field.value,
    onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
  };
}

/** Label, control, error and help laid out as antd's vertical Form.Item, without antd. */
function FieldFrame({ field, label, extra, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={field.error ? 'field field-has-error' : 'field'}>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      {children}
      {field.error && (
        <div id={`${field.id}_help`} className="field-error" role="alert">
          {field.error}
        </div>
      )}
      {extra && (
        <div id={`${field.id}_extra`} className="field-extra">
          {extra}
        </div>
      )}
    </div>
  );
}

export function TextField(props: FieldProps) {
  const { field, label, extra, ...input } = props;
  return (
    <FieldFrame field={field} label={label} extra={extra}>
      <input className="field-input" {...input} {...describedInput(props)} />
    </FieldFrame>
  );
}

/** A password field with antd's eye to show what was typed (here a real button, reachable by keyboard). */
export function PasswordField(props: FieldProps) {
  const { field, label, extra, disabled, ...input } = props;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame field={field} label={label} extra={extra}>
      <span className={disabled ? 'field-affix field-affix-disabled' : 'field-affix'}>
        <input
          {...input}
          {...describedInput(props)}
          type={visible ? 'text' : 'password'}
          disabled={disabled}
        />
        <button
          type="button"
          className="field-eye"
          aria-label="Show password"
          aria-pressed={visible}
          disabled={disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeIcon /> : <EyeInvisibleIcon />}
        </button>
      </span>
    </FieldFrame>
  );
}
