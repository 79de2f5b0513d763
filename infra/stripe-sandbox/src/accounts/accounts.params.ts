import { z } from 'zod';

import { expandParam, formBool, formInt, listParams, metadataParam, rangeParam } from '../core/params';

const capabilityParam = () => z.strictObject({ requested: formBool().optional() });

const capabilitiesParam = () =>
  z.strictObject({
    card_issuing: capabilityParam().optional(),
    card_payments: capabilityParam().optional(),
    transfers: capabilityParam().optional(),
  });

const addressParam = () =>
  z.strictObject({
    line1: z.string().max(200).optional(),
    line2: z.string().max(200).optional(),
    city: z.string().max(100).optional(),
    postal_code: z.string().max(20).optional(),
    state: z.string().max(100).optional(),
    country: z
      .string()
      .transform((value) => value.toUpperCase())
      .pipe(z.literal('GB', { message: 'the Kitty sandbox supports only GB addresses' }))
      .optional(),
  });

/** Stripe checks a phone number when it is sent (E.164, or national digits for the account's country). */
const phoneParam = () =>
  z
    .string()
    .refine((value) => /^\+?[0-9 ()-]{7,20}$/.test(value) && /\d{7,}/.test(value.replace(/\D/g, '')), {
      message: 'is not a valid phone number',
    });

const individualParam = () =>
  z.strictObject({
    first_name: z.string().max(100).optional(),
    last_name: z.string().max(100).optional(),
    email: z.email().optional(),
    phone: phoneParam().optional(),
    dob: z
      .strictObject({
        day: formInt().pipe(z.number().int().min(1).max(31)),
        month: formInt().pipe(z.number().int().min(1).max(12)),
        year: formInt().pipe(z.number().int().min(1900).max(9999)),
      })
      .optional(),
    address: addressParam().optional(),
    metadata: metadataParam().optional(),
  });

/** A bank account token (`btok_gb`), or the account's details as a hash. */
const externalAccountParam = () =>
  z.union([
    z.string().regex(/^btok_\w+$/, 'must be a bank account token (btok_…)'),
    z.strictObject({
      object: z.literal('bank_account'),
      country: z.literal('GB', { message: 'the Kitty sandbox supports only GB bank accounts' }),
      currency: z
        .string()
        .transform((value) => value.toLowerCase())
        .pipe(z.literal('gbp')),
      account_number: z.string().regex(/^\d{8}$/, 'must be 8 digits'),
      routing_number: z.string().regex(/^\d{6}$/, 'must be a 6-digit sort code'),
      account_holder_name: z.string().max(100).optional(),
      account_holder_type: z.enum(['individual', 'company']).optional(),
    }),
  ]);

const tosAcceptanceParam = () =>
  z.strictObject({
    date: formInt().optional(),
    ip: z.string().max(45).optional(),
    user_agent: z.string().max(512).optional(),
    service_agreement: z.enum(['full', 'recipient']).optional(),
  });

/** Acceptance of the Stripe Issuing terms, recorded as the platform showed them. */
const settingsParam = () =>
  z.strictObject({
    card_issuing: z
      .strictObject({
        tos_acceptance: z
          .strictObject({
            date: formInt().optional(),
            ip: z.string().max(45).optional(),
            user_agent: z.string().max(512).optional(),
          })
          .optional(),
      })
      .optional(),
  });

const updatableFields = {
  business_type: z
    .literal('individual', { message: 'the Kitty sandbox supports only individual' })
    .optional(),
  capabilities: capabilitiesParam().optional(),
  default_currency: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.literal('gbp', { message: 'the Kitty sandbox supports only gbp' }))
    .optional(),
  email: z.email().optional(),
  external_account: externalAccountParam().optional(),
  individual: individualParam().optional(),
  metadata: metadataParam().optional(),
  settings: settingsParam().optional(),
  tos_acceptance: tosAcceptanceParam().optional(),
  expand: expandParam(),
};

export const createAccountParams = z.strictObject({
  type: z.enum(['custom', 'express', 'standard']).optional(),
  country: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.literal('GB', { message: 'the Kitty sandbox supports only GB accounts' }))
    .optional(),
  ...updatableFields,
});
export type CreateAccountParams = z.output<typeof createAccountParams>;

export const updateAccountParams = z.strictObject(updatableFields);
export type UpdateAccountParams = z.output<typeof updateAccountParams>;

export const retrieveAccountParams = z.strictObject({ expand: expandParam() });

/** `POST /v1/accounts/:id/external_accounts`: a bank account token or hash, made the default if asked. */
export const createExternalAccountParams = z.strictObject({
  external_account: externalAccountParam(),
  default_for_currency: formBool().optional(),
  metadata: metadataParam().optional(),
  expand: expandParam(),
});
export type CreateExternalAccountParams = z.output<typeof createExternalAccountParams>;

export const listExternalAccountsParams = z.strictObject({
  ...listParams,
  object: z.enum(['bank_account', 'card']).optional(),
});
export type ListExternalAccountsParams = z.output<typeof listExternalAccountsParams>;

export const listAccountsParams = z.strictObject({ ...listParams, created: rangeParam().optional() });
export type ListAccountsParams = z.output<typeof listAccountsParams>;
