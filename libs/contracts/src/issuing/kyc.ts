import { z } from 'zod';

import { apiRequestSchema, SingleLineText } from '../common';

/** The youngest applicant a payment account is opened for, on today's date (decisions §15). */
export const MIN_APPLICANT_AGE = 18;
export const MIN_BIRTH_YEAR = 1900;

/** UK postcodes, including the Girobank special case; the space is optional on input. */
const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/;

/** A UK number in international (+44 / 0044) or national (0…) form: 9 or 10 digits after the trunk prefix. */
const UK_PHONE = /^(?:\+44|0044|0)([1-9]\d{8,9})$/;

const required = (label: string, max: number) =>
  SingleLineText(`${label} is required.`)
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/**
 * A required text field put into its canonical form before it is checked. `overwrite` (not `transform`)
 * keeps the schema representable in the OpenAPI document.
 */
const normalised = (
  label: string,
  normalise: (value: string) => string,
  valid: (value: string) => boolean,
  message: string,
) =>
  SingleLineText(`${label} is required.`)
    .overwrite(normalise)
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: `${label} is required.` });
      else if (!valid(value)) ctx.addIssue({ code: 'custom', message });
    });

/** '07700 900123', '+44 (7700) 900-123', '0044…' → '+447700900123'; anything else unchanged. */
function toUkPhone(value: string): string {
  const match = UK_PHONE.exec(value.replace(/[\s()-]/g, ''));
  return match ? `+44${match[1]}` : value;
}

/** 'sw1a1aa' → 'SW1A 1AA'; anything that is not a postcode unchanged. */
function toUkPostcode(value: string): string {
  const compact = value.toUpperCase().replace(/\s+/g, '');
  return UK_POSTCODE.test(compact) ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : value;
}

const wholeNumber = (label: string, min: number, max: number, message: string) =>
  z
    .number({ error: `${label} is required.` })
    .int(message)
    .min(min, message)
    .max(max, message);

/** Today's calendar date in the UK, where the applicant's age counts. */
export function ukToday(now: Date): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Whole years from a date of birth to `today`; a 29 February birthday comes on 1 March in other years. */
export function ageOn(today: { year: number; month: number; day: number }, dob: DateOfBirth): number {
  const hadBirthday = today.month > dob.month || (today.month === dob.month && today.day >= dob.day);
  return today.year - dob.year - (hadBirthday ? 0 : 1);
}

const isRealDate = ({ year, month, day }: DateOfBirth) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

export const DateOfBirth = z
  .object({
    day: wholeNumber('Day', 1, 31, 'Day must be between 1 and 31.'),
    month: wholeNumber('Month', 1, 12, 'Month must be between 1 and 12.'),
    year: wholeNumber('Year', MIN_BIRTH_YEAR, 9999, `Year must be ${MIN_BIRTH_YEAR} or later.`),
  })
  .strict();
export type DateOfBirth = z.infer<typeof DateOfBirth>;

/**
 * The onboarding form (spec §3 KYC form). Every field is required; the phone number and postcode must be
 * UK ones and come back normalised (+44…, 'SW1A 1AA'); the applicant must be 18 or over on `today()` and
 * accept the payment provider's terms.
 */
export function kycRequestSchema(today: () => Date) {
  return z
    .object({
      firstName: required('First name', 100),
      lastName: required('Last name', 100),
      phoneNumber: normalised(
        'Phone number',
        toUkPhone,
        (value) => /^\+44[1-9]\d{8,9}$/.test(value),
        'Enter a UK phone number, e.g. +44 7700 900123.',
      ),
      dateOfBirth: DateOfBirth.superRefine((dob, ctx) => {
        // zod runs this even when a part is already out of range: that part's own message is enough.
        if (!DateOfBirth.safeParse(dob).success) return;
        if (!isRealDate(dob)) {
          ctx.addIssue({ code: 'custom', path: ['day'], message: 'Enter a real date of birth.' });
        } else if (ageOn(ukToday(today()), dob) < MIN_APPLICANT_AGE) {
          ctx.addIssue({
            code: 'custom',
            path: ['year'],
            message: `You must be at least ${MIN_APPLICANT_AGE} years old to open an account.`,
          });
        }
      }),
      address: z
        .object({
          line1: required('Address line 1', 200),
          city: required('City', 100),
          postal_code: normalised(
            'Postal code',
            toUkPostcode,
            (value) => UK_POSTCODE.test(value),
            'Enter a valid UK postcode, e.g. SW1A 1AA.',
          ),
          country: z.literal('GB', { error: 'Only UK addresses are supported.' }).default('GB'),
        })
        .strict(),
      /**
       * The applicant accepts Stripe's Connected Account Agreement and the Stripe Issuing terms: Stripe
       * requires both before the account can pay out or issue a card.
       */
      acceptedTerms: z.literal(true, { error: 'Accept the terms to continue.' }),
    })
    .strict();
}

export const KycRequest = apiRequestSchema(
  'KycRequest',
  kycRequestSchema(() => new Date()),
);
export type KycRequest = z.infer<typeof KycRequest>;
