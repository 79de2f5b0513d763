import { z } from 'zod';

import { expandParam, formInt } from '../core/params';

/** `POST /v1/test_helpers/issuing/authorizations`: a purchase attempt on a card, as a merchant sends it. */
export const createAuthorizationParams = z.strictObject({
  card: z.string().min(1),
  amount: formInt().pipe(z.number().int().min(1).max(99_999_999)),
  currency: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.literal('gbp', { message: 'the Kitty sandbox supports only gbp' }))
    .optional(),
  merchant_data: z
    .strictObject({
      name: z.string().max(200).optional(),
      category: z.string().max(100).optional(),
      city: z.string().max(100).optional(),
      country: z.string().length(2).optional(),
    })
    .optional(),
  expand: expandParam(),
});
export type CreateAuthorizationParams = z.output<typeof createAuthorizationParams>;
