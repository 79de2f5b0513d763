import type { CreateCheckoutSessionRequest, PotSummary } from '@kitty/api-client';

export type FundingDestination = NonNullable<CreateCheckoutSessionRequest['destination']>;

/** The destination select's value: 'wallet' or a pot id. */
export const WALLET = 'wallet';

export function destinationOf(value: string): FundingDestination {
  return value === WALLET ? { type: 'wallet' } : { type: 'pot', potId: value };
}

export function destinationOptions(pots: readonly PotSummary[] | undefined) {
  return [
    { value: WALLET, label: 'My wallet' },
    ...(pots ?? []).map(({ id, name }) => ({ value: id, label: name })),
  ];
}

export function destinationName(value: string, pots: readonly PotSummary[] | undefined): string {
  return value === WALLET ? 'your wallet' : (pots?.find(({ id }) => id === value)?.name ?? 'your pot');
}

/** What /payment-method-selection receives in navigation state (spec §3: the amount in pounds). */
export interface PaymentMethodState {
  /** Pounds as typed, normalised: '25.00'. */
  amount: string;
  destination: FundingDestination;
  /** Shown on the page: 'your wallet', 'Lisbon trip', 'Bob Hart'. */
  destinationName: string;
}

export function isPaymentMethodState(value: unknown): value is PaymentMethodState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<PaymentMethodState>;
  return (
    typeof state.amount === 'string' &&
    typeof state.destinationName === 'string' &&
    typeof state.destination === 'object' &&
    state.destination !== null
  );
}
