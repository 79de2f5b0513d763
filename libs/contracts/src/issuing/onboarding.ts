import { z } from 'zod';

import { apiSchema, IsoDateTime, Uuid } from '../common';
import { KycRequest } from './kyc';

/** form: no payment account yet; card: account exists, no card; complete: a card exists. */
export const ONBOARDING_STEPS = ['form', 'card', 'complete'] as const;
/**
 * pending: details or terms still due; verifying: everything sent, the provider is checking it; complete:
 * verified, nothing due; failed: the provider rejected a detail.
 */
export const KYC_STATUSES = ['pending', 'verifying', 'complete', 'failed'] as const;
/** Stripe's capability states; null when the capability was never requested. */
const CapabilityStatus = z.enum(['active', 'inactive', 'pending']).nullable();

export const PaymentAccount = apiSchema(
  'PaymentAccount',
  z.object({
    /** The provider's account id (acct_…). */
    id: z.string(),
    /** active once payouts and charges are enabled; restricted while requirements are due. */
    status: z.enum(['active', 'restricted']),
    kycStatus: z.enum(KYC_STATUSES),
    /** What the provider still needs, in its names (e.g. individual.dob.day, tos_acceptance.date). */
    requirements: z.array(z.string()),
    /** What the provider is still checking, in its names. */
    pendingVerification: z.array(z.string()),
    /** Why the card cannot be created yet, in words for the user; null once it can. */
    cardNotReadyReason: z.string().nullable(),
    capabilities: z.object({ cardIssuing: CapabilityStatus, transfers: CapabilityStatus }),
    /** Where withdrawals go, e.g. 'STRIPE TEST BANK •••• 2345'. */
    payoutAccountLabel: z.string().nullable(),
  }),
);
export type PaymentAccount = z.infer<typeof PaymentAccount>;

/** The user's virtual card, without its number (shown only through Stripe Issuing Elements). */
export const VirtualCard = apiSchema(
  'VirtualCard',
  z.object({
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    /** inactive: frozen; canceled: no longer usable. */
    status: z.enum(['active', 'inactive', 'canceled']),
  }),
);
export type VirtualCard = z.infer<typeof VirtualCard>;

export const OnboardingStatus = apiSchema(
  'OnboardingStatus',
  z.object({
    step: z.enum(ONBOARDING_STEPS),
    account: PaymentAccount.nullable(),
    card: VirtualCard.nullable(),
  }),
);
export type OnboardingStatus = z.infer<typeof OnboardingStatus>;

/** The signed-in caller, as the gateway authenticated them. */
export const IssuingCaller = z.object({ userId: Uuid, email: z.string(), name: z.string() }).strict();
export type IssuingCaller = z.infer<typeof IssuingCaller>;

export const OnboardingQuery = z.object({ caller: IssuingCaller }).strict();
export type OnboardingQuery = z.infer<typeof OnboardingQuery>;
/** Create (or return) the caller's payment account or card; also the shape of the recreate command. */
export const PaymentAccountCommand = z.object({ caller: IssuingCaller }).strict();
export type PaymentAccountCommand = z.infer<typeof PaymentAccountCommand>;
/** Where and when the user accepted the provider's terms, as the provider asks the platform to record it. */
export const TermsAcceptance = z
  .object({
    acceptedAt: IsoDateTime,
    ip: z.string().min(1).max(45),
    userAgent: z.string().max(512).nullable(),
  })
  .strict();
export type TermsAcceptance = z.infer<typeof TermsAcceptance>;
export const UpdateKycCommand = z
  .object({ caller: IssuingCaller, body: KycRequest, acceptance: TermsAcceptance })
  .strict();
export type UpdateKycCommand = z.infer<typeof UpdateKycCommand>;
