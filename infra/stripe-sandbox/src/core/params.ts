import { z } from 'zod';

import { bracketPath, indexedToArray } from './form-body';
import { invalidRequest, StripeApiError } from './stripe-error';

/** A Stripe error code carried by a custom zod issue, so the mapper can answer with it. */
type StripeIssueParams = { stripeCode?: string };

/** An integer sent as a form string: `"500"`. */
export const formInt = () =>
  z.string().transform((value, ctx) => {
    const number = /^-?\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(number)) {
      ctx.addIssue({
        code: 'custom',
        message: `Invalid integer: ${value}`,
        params: { stripeCode: 'parameter_invalid_integer' } satisfies StripeIssueParams,
      });
      return z.NEVER;
    }
    return number;
  });

export const formBool = () =>
  z.enum(['true', 'false'], { message: 'must be true or false' }).transform((value) => value === 'true');

/** An array sent as `name[0]=…&name[1]=…` or `name[]=…`. */
export const formArray = <Item extends z.ZodType>(item: Item, { min = 0, max = 100 } = {}) =>
  z.preprocess(
    indexedToArray,
    z.array(item).min(min, `must have at least ${min} item(s)`).max(max, `must have at most ${max} items`),
  );

/** Stripe's metadata rules: up to 50 keys, keys up to 40 characters, values up to 500. */
export const metadataParam = () =>
  z
    .record(
      z.string().min(1).max(40, 'metadata keys must be at most 40 characters'),
      z.string().max(500, 'metadata values must be at most 500 characters'),
    )
    .refine((metadata) => Object.keys(metadata).length <= 50, 'metadata can have at most 50 keys');

export const expandParam = () => formArray(z.string().min(1), { max: 20 }).optional();

export const currencyParam = () =>
  z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.literal('gbp', { message: 'the Kitty sandbox supports only gbp' }));

/** `created=…` or `created[gte]=…` on list endpoints. */
export const rangeParam = () =>
  z.union([
    formInt(),
    z.strictObject({
      gt: formInt().optional(),
      gte: formInt().optional(),
      lt: formInt().optional(),
      lte: formInt().optional(),
    }),
  ]);

export type Range = z.output<ReturnType<typeof rangeParam>>;

export function inRange(value: number, range: Range | undefined): boolean {
  if (range === undefined) return true;
  if (typeof range === 'number') return value === range;
  return (
    (range.gt === undefined || value > range.gt) &&
    (range.gte === undefined || value >= range.gte) &&
    (range.lt === undefined || value < range.lt) &&
    (range.lte === undefined || value <= range.lte)
  );
}

export const listParams = {
  limit: formInt().pipe(z.number().int().min(1).max(100, 'must be at most 100')).default(10),
  starting_after: z.string().min(1).optional(),
  ending_before: z.string().min(1).optional(),
  expand: expandParam(),
};

/**
 * Validates decoded parameters against a strict schema and answers the first problem as Stripe does:
 * `parameter_unknown`, `parameter_missing`, `parameter_invalid_integer`, `parameter_invalid_empty`, …
 */
export function parseParams<Schema extends z.ZodType>(schema: Schema, raw: unknown): z.output<Schema> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw toStripeError(result.error.issues[0], raw);
}

function toStripeError(issue: z.core.$ZodIssue, raw: unknown): StripeApiError {
  if (issue.code === 'unrecognized_keys') {
    const param = bracketPath([...issue.path, issue.keys[0]]);
    return invalidRequest(
      `Received unknown parameter: ${param}. The Kitty Stripe sandbox implements a subset of Stripe's parameters: see docs/stripe-sandbox.md.`,
      { code: 'parameter_unknown', param },
    );
  }
  const param = bracketPath(issue.path);
  const value = valueAt(raw, issue.path);
  if (value === undefined) {
    return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  }
  if (value === '') {
    return invalidRequest(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      { code: 'parameter_invalid_empty', param },
    );
  }
  if (issue.code === 'custom') {
    const { stripeCode } = (issue.params ?? {}) as StripeIssueParams;
    return invalidRequest(stripeCode ? issue.message : `Invalid ${param}: ${issue.message}`, {
      param,
      ...(stripeCode ? { code: stripeCode } : {}),
    });
  }
  if (issue.code === 'invalid_type' && (issue.expected === 'object' || issue.expected === 'record')) {
    return invalidRequest('Invalid hash', { param });
  }
  if (issue.code === 'invalid_type' && issue.expected === 'array') {
    return invalidRequest('Invalid array', { param });
  }
  if (issue.code === 'invalid_value') {
    return invalidRequest(`Invalid ${param}: must be one of ${issue.values.map(String).join(', ')}`, {
      param,
    });
  }
  return invalidRequest(`Invalid ${param}: ${issue.message}`, { param });
}

function valueAt(raw: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = raw;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[String(segment)];
  }
  return current;
}
