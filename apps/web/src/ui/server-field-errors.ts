import { problemOf } from '@kitty/api-client';

/** The problem's per-field messages for the form's own fields, ready for antd's `form.setFields`. */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  formFields: readonly Field[],
): { name: Field; errors: string[] }[] {
  return (problemOf(error)?.errors ?? [])
    .filter((fieldError): fieldError is { field: Field; message: string } =>
      (formFields as readonly string[]).includes(fieldError.field),
    )
    .map(({ field, message }) => ({ name: field, errors: [message] }));
}
