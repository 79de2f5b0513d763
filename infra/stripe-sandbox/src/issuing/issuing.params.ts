import { z } from 'zod';

import { expandParam, formInt, metadataParam } from '../core/params';

const addressParam = () =>
  z.strictObject({
    line1: z.string().min(1).max(200),
    line2: z.string().max(200).optional(),
    city: z.string().min(1).max(100),
    postal_code: z.string().min(1).max(20),
    state: z.string().max(100).optional(),
    country: z
      .string()
      .transform((value) => value.toUpperCase())
      .pipe(z.literal('GB', { message: 'the Kitty sandbox supports only GB addresses' })),
  });

export const createCardholderParams = z.strictObject({
  name: z.string().min(1).max(200),
  type: z.literal('individual', { message: 'the Kitty sandbox supports only individual' }),
  billing: z.strictObject({ address: addressParam() }),
  email: z.email().optional(),
  phone_number: z.string().max(20).optional(),
  individual: z
    .strictObject({
      first_name: z.string().max(100).optional(),
      last_name: z.string().max(100).optional(),
      dob: z
        .strictObject({
          day: formInt().pipe(z.number().int().min(1).max(31)),
          month: formInt().pipe(z.number().int().min(1).max(12)),
          year: formInt().pipe(z.number().int().min(1900)),
        })
        .optional(),
    })
    .optional(),
  status: z.enum(['active', 'inactive']).optional(),
  metadata: metadataParam().optional(),
  expand: expandParam(),
});
export type CreateCardholderParams = z.output<typeof createCardholderParams>;

export const createCardParams = z.strictObject({
  cardholder: z.string().min(1),
  currency: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.literal('gbp', { message: 'the Kitty sandbox supports only gbp' })),
  type: z.literal('virtual', { message: 'the Kitty sandbox issues only virtual cards' }),
  status: z.enum(['active', 'inactive']).optional(),
  metadata: metadataParam().optional(),
  expand: expandParam(),
});
export type CreateCardParams = z.output<typeof createCardParams>;

export const updateCardParams = z.strictObject({
  status: z.enum(['active', 'inactive', 'canceled']).optional(),
  metadata: metadataParam().optional(),
  expand: expandParam(),
});
export type UpdateCardParams = z.output<typeof updateCardParams>;

export const retrieveParams = z.strictObject({ expand: expandParam() });
