import { z } from 'zod';

import { expandParam, formBool, formInt } from '../core/params';

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

const pence = () => formInt().pipe(z.number().int().min(1).max(99_999_999));

/** `POST /v1/test_helpers/issuing/authorizations/:id/capture`: the merchant captures (all or part). */
export const captureAuthorizationParams = z.strictObject({
  capture_amount: pence().optional(),
  close_authorization: formBool().optional(),
  expand: expandParam(),
});
export type CaptureAuthorizationParams = z.output<typeof captureAuthorizationParams>;

/** `POST /v1/test_helpers/issuing/authorizations/:id/reverse`: the merchant releases (all or part). */
export const reverseAuthorizationParams = z.strictObject({
  reverse_amount: pence().optional(),
  expand: expandParam(),
});
export type ReverseAuthorizationParams = z.output<typeof reverseAuthorizationParams>;

/** `POST /v1/test_helpers/issuing/authorizations/:id/expire`. */
export const expireAuthorizationParams = z.strictObject({ expand: expandParam() });
