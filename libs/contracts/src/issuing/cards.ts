import { z } from 'zod';

import { apiRequestSchema, apiSchema, Uuid } from '../common';
import { IssuingCaller, VirtualCard } from './onboarding';

/** The digital wallets a card can be pushed to (spec §7 add-to-wallet). */
export const WALLET_TYPES = ['apple_pay', 'google_pay'] as const;
export const WalletType = z.enum(WALLET_TYPES, { error: "walletType must be 'apple_pay' or 'google_pay'." });
export type WalletType = z.infer<typeof WalletType>;

/** The spec's toasts for a failed add-to-wallet: the provider refused / something else went wrong. */
export const WALLET_PROVISIONING_FAILED = 'Failed to add card to wallet. Please try again.';
export const WALLET_PROVISIONING_ERROR = 'An error occurred while adding the card to your wallet.';

/** Issuing's view of the caller's card (issuing → gateway): the card and the wallets it was added to. */
export const IssuingCardView = VirtualCard.extend({ walletTypes: z.array(WalletType) });
export type IssuingCardView = z.infer<typeof IssuingCardView>;

/**
 * The caller's virtual card as the API shows it: never the full number or CVC (decisions §16), the
 * wallets it was added to, and the pot it spends from (the caller's active pot, null when they have none).
 */
export const IssuedCard = apiSchema(
  'IssuedCard',
  IssuingCardView.extend({
    spendsFrom: z.object({ potId: Uuid, name: z.string() }).nullable(),
  }),
);
export type IssuedCard = z.infer<typeof IssuedCard>;

export const WalletProvisioningRequest = apiRequestSchema(
  'WalletProvisioningRequest',
  z.object({ walletType: WalletType }).strict(),
);
export type WalletProvisioningRequest = z.infer<typeof WalletProvisioningRequest>;

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
export const ProvisionWalletCommand = z
  .object({ caller: IssuingCaller, body: WalletProvisioningRequest })
  .strict();
export type ProvisionWalletCommand = z.infer<typeof ProvisionWalletCommand>;

/** Issuing's answer to a card creation: `created` false when the caller already had this card. */
export const CardCreation = z.object({ created: z.boolean(), card: IssuingCardView });
export type CardCreation = z.infer<typeof CardCreation>;
