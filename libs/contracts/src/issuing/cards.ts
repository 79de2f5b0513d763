import { z } from 'zod';

import { apiSchema, Uuid } from '../common';
import { IssuingCaller, VirtualCard } from './onboarding';

/** Issuing's view of the caller's card (issuing → gateway). */
export const IssuingCardView = VirtualCard;
export type IssuingCardView = z.infer<typeof IssuingCardView>;

/**
 * The caller's virtual card as the API shows it: never the full number or CVC (decisions §16), and the pot
 * it spends from (the caller's active pot, null when they have none).
 */
export const IssuedCard = apiSchema(
  'IssuedCard',
  IssuingCardView.extend({
    spendsFrom: z.object({ potId: Uuid, name: z.string() }).nullable(),
  }),
);
export type IssuedCard = z.infer<typeof IssuedCard>;

/** Freeze (inactive) or unfreeze (active) the caller's card. */
export const CardStatusChange = z.object({ status: z.enum(['active', 'inactive']) }).strict();
export type CardStatusChange = z.infer<typeof CardStatusChange>;

/** A purchase with the caller's card, for their data export: merchant, amount, Kitty's decision, state. */
export const CardPurchase = apiSchema(
  'CardPurchase',
  z.object({
    id: Uuid,
    merchant: z.string(),
    amountPence: z.number().int(),
    currency: z.string(),
    decision: z.enum(['approved', 'declined']).nullable(),
    status: z.string(),
    createdAt: z.string(),
  }),
);
export type CardPurchase = z.infer<typeof CardPurchase>;

export const CardQuery = z.object({ caller: IssuingCaller }).strict();
export type CardQuery = z.infer<typeof CardQuery>;
export const SetCardStatusCommand = z.object({ caller: IssuingCaller, body: CardStatusChange }).strict();
export type SetCardStatusCommand = z.infer<typeof SetCardStatusCommand>;

/** Issuing's answer to a card creation: `created` false when the caller already had this card. */
export const CardCreation = z.object({ created: z.boolean(), card: IssuingCardView });
export type CardCreation = z.infer<typeof CardCreation>;
