import { z } from 'zod';

import { defineRpc } from '../common';
import { BankAccountStatus, RecreatePaymentAccountCommand, SetBankAccountCommand } from './bank-account';
import { CardCreation, CardPurchase, CardQuery, IssuingCardView, SetCardStatusCommand } from './cards';
import { OnboardingQuery, OnboardingStatus, PaymentAccountCommand, UpdateKycCommand } from './onboarding';

export const IssuingRpc = {
  /** Onboarding (gateway → issuing): the caller's step and account, account creation, KYC, recreation. */
  getOnboarding: defineRpc('issuing.onboarding.get.v1', OnboardingQuery, OnboardingStatus),
  createAccount: defineRpc('issuing.account.create.v1', PaymentAccountCommand, OnboardingStatus),
  updateKyc: defineRpc('issuing.kyc.update.v1', UpdateKycCommand, OnboardingStatus),
  recreateAccount: defineRpc('issuing.account.recreate.v1', RecreatePaymentAccountCommand, OnboardingStatus),
  /** The caller's own bank account (gateway → issuing): read, or set as their payouts' destination. */
  getBankAccount: defineRpc('issuing.bank-account.get.v1', OnboardingQuery, BankAccountStatus),
  setBankAccount: defineRpc('issuing.bank-account.set.v1', SetBankAccountCommand, BankAccountStatus),
  /** The caller's virtual card (gateway → issuing): create once, read, freeze / unfreeze. */
  createCard: defineRpc('issuing.card.create.v1', CardQuery, CardCreation),
  getCard: defineRpc('issuing.card.get.v1', CardQuery, IssuingCardView),
  setCardStatus: defineRpc('issuing.card.status.set.v1', SetCardStatusCommand, IssuingCardView),
  /** Every purchase attempted with the caller's card, newest first (the account's data export). */
  listCardPurchases: defineRpc('issuing.card.purchases.list.v1', CardQuery, z.array(CardPurchase)),
} as const;
