import { z } from 'zod';

export const Email = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .toLowerCase()
  .max(254, 'Email address is too long.')
  .pipe(z.email('Please enter a valid email address.'));

export const Uuid = z.uuid();
export const IsoDateTime = z.iso.datetime({ offset: true });

/**
 * C0 control characters (NUL, ESC, …), DEL, the C1 range and the bidi embedding/override/isolate controls.
 * No text a person types contains them; a NUL in particular cannot be stored in a Postgres text column, so
 * letting one through fails deep down as a 500 instead of a 400 that names the field, and a bidi override
 * in a name shown to other members or in an e-mail ("Trojan Source") makes the text read differently from
 * what it is. Right-to-left scripts need none of them: they come from the Unicode bidi algorithm.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** The same, except line feed, carriage return and tab: what a multi-line message may contain. */
const CONTROL_CHARACTER_EXCEPT_LINE_BREAKS =
  // eslint-disable-next-line no-control-regex -- as above
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** True when `value` holds a control character (see above): for secrets, which are not trimmed. */
export const containsControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);

/**
 * One line of user-typed text (names, subjects, descriptions), trimmed, with control characters refused.
 * Callers chain their own `min`/`max` with their messages. A refinement, not a regex, so the OpenAPI
 * document stays as it was.
 */
export const SingleLineText = (error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .trim()
    .refine((value) => !CONTROL_CHARACTER.test(value), 'Must not contain control characters.');

/** Several lines of user-typed text (a contact message, a note): line breaks and tabs are allowed. */
export const MultiLineText = (error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .trim()
    .refine(
      (value) => !CONTROL_CHARACTER_EXCEPT_LINE_BREAKS.test(value),
      'Must not contain control characters other than line breaks and tabs.',
    );
