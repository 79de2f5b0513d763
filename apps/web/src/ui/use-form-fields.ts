import { useState } from 'react';

import type { FieldRule } from './field-rules';

/** What a field's markup needs (ui/plain-field). */
export interface FieldState {
  id: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}

type Messages<Field extends string> = Partial<Record<Field, string>>;

/**
 * The state and checks of a small form of text fields, in the way antd's Form behaves: a field is checked
 * on every change, all of them on submit, and a message from the server stays until its field changes.
 * For the forms a visitor may open first, which load no antd. `formName` prefixes the input ids as antd's
 * does (`sign-in_email`).
 */
export function useFormFields<Field extends string>(
  formName: string,
  rules: Record<Field, FieldRule[]>,
  initialValues: Partial<Record<Field, string>> = {},
) {
  const fields = Object.keys(rules) as Field[];
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(fields.map((name) => [name, initialValues[name] ?? ''])) as Record<Field, string>,
  );
  const [errors, setErrors] = useState<Messages<Field>>({});

  const firstBroken = (name: Field, value: string) =>
    rules[name].map((rule) => rule(value)).find((message) => message !== null) ?? undefined;

  return {
    values,
    field(name: Field): FieldState {
      return {
        id: `${formName}_${name}`,
        value: values[name],
        error: errors[name],
        onChange: (value) => {
          setValues((current) => ({ ...current, [name]: value }));
          setErrors((current) => ({ ...current, [name]: firstBroken(name, value) }));
        },
      };
    },
    /** Checks every field and shows what is wrong; returns the fields that break a rule. */
    validate(): Field[] {
      const found = Object.fromEntries(
        fields.map((name) => [name, firstBroken(name, values[name])]),
      ) as Messages<Field>;
      setErrors(found);
      return fields.filter((name) => found[name] !== undefined);
    },
    /** Messages the server gave for some fields. */
    showErrors(messages: Messages<Field>) {
      setErrors((current) => ({ ...current, ...messages }));
    },
  };
}
