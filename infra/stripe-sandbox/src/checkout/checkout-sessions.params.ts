import { z } from 'zod';

import {
  currencyParam,
  expandParam,
  formArray,
  formInt,
  listParams,
  metadataParam,
  rangeParam,
} from '../core/params';
import { SESSION_PAYMENT_METHOD_TYPES } from './checkout-session.types';

const httpUrl = () => z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(5000);

const paymentMethodTypes = () => formArray(z.enum(SESSION_PAYMENT_METHOD_TYPES), { min: 1, max: 2 });

const lineItemParam = z.strictObject({
  price_data: z.strictObject({
    currency: currencyParam(),
    unit_amount: formInt().pipe(z.number().int().min(0).max(99_999_999)),
    product_data: z.strictObject({
      name: z.string().min(1).max(5000),
      description: z.string().max(40_000).optional(),
      metadata: metadataParam().optional(),
    }),
  }),
  quantity: formInt().pipe(z.number().int().min(1).max(999_999)),
});

/** `POST /v1/checkout/sessions`: the subset of Stripe's parameters the sandbox implements. */
export const createSessionParams = z.strictObject({
  mode: z.enum(['payment'], { message: 'the Kitty sandbox implements mode=payment only' }),
  line_items: formArray(lineItemParam, { min: 1, max: 100 }),
  /** The SDK's name since API 2026-10-28 (stripe v23), a filter on the offered methods. */
  allowed_payment_method_types: paymentMethodTypes().optional(),
  /** The name in earlier API versions; accepted so older clients keep working. */
  payment_method_types: paymentMethodTypes().optional(),
  success_url: httpUrl().optional(),
  cancel_url: httpUrl().optional(),
  client_reference_id: z.string().min(1).max(200).optional(),
  customer_email: z.email().max(800).optional(),
  metadata: metadataParam().optional(),
  expires_at: formInt().optional(),
  locale: z.enum(['auto', 'en', 'en-GB']).optional(),
  ui_mode: z
    .enum(['hosted_page'], { message: 'the Kitty sandbox implements the hosted page only' })
    .optional(),
  submit_type: z.enum(['auto', 'pay', 'book', 'donate']).optional(),
  payment_intent_data: z
    .strictObject({
      description: z.string().max(1000).optional(),
      metadata: metadataParam().optional(),
    })
    .optional(),
  expand: expandParam(),
});
export type CreateSessionParams = z.output<typeof createSessionParams>;

export const retrieveSessionParams = z.strictObject({ expand: expandParam() });

export const expireSessionParams = z.strictObject({ expand: expandParam() });

export const listSessionsParams = z.strictObject({
  ...listParams,
  status: z.enum(['open', 'complete', 'expired']).optional(),
  payment_intent: z.string().min(1).optional(),
  created: rangeParam().optional(),
});
export type ListSessionsParams = z.output<typeof listSessionsParams>;

export const listLineItemsParams = z.strictObject(listParams);
