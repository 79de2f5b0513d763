import { regexes } from 'zod/v4/core';

/** A check of one field: the message to show when the value breaks it, or null. */
export type FieldRule = (value: string) => string | null;

// Like antd's rules: only `required` and `notBlank` judge an empty field; the others let it through.

export const required =
  (message: string): FieldRule =>
  (value) =>
    value === '' ? message : null;

/** Required, and more than spaces. */
export const notBlank =
  (message: string): FieldRule =>
  (value) =>
    value.trim() === '' ? message : null;

export const minLength =
  (length: number, message: string): FieldRule =>
  (value) =>
    value !== '' && value.length < length ? message : null;

/** The pattern the contracts' `Email` checks on the server (zod's `z.email()`), on the trimmed address. */
export const emailAddress =
  (message: string): FieldRule =>
  (value) =>
    value !== '' && !regexes.email.test(value.trim()) ? message : null;
