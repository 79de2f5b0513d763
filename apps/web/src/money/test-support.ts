import type {
  FeeQuote,
  FundingSession,
  FundingTransaction,
  OnboardingStatus,
  PotSummary,
  Statement,
  Wallet,
  Withdrawal,
} from '@kitty/api-client';

import { aPotSummary } from '../test/factories';
import { json, mockFetch, pathOf, problem } from '../test/fetch-mock';

export function aWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    balancePence: 5000,
    withdrawablePence: 5000,
    payoutAccount: 'NatWest •••• 2345',
    updatedAt: '2026-03-02T10:00:00Z',
    ...overrides,
  };
}

/** 2% on top, as for a UK resident. */
export function aFeeQuote(amountPence: number, feeRate = 2): FeeQuote {
  const feePence = Math.round((amountPence * feeRate) / 100);
  return { amountPence, feePence, feeRate, totalPence: amountPence + feePence, isUKUser: feeRate === 2 };
}

export function aFundingSession(overrides: Partial<FundingSession> = {}): FundingSession {
  return {
    sessionId: 'cs_test_1',
    status: 'succeeded',
    originalAmount: 2500,
    markupAmount: 50,
    markupPercentage: 2,
    isUKUser: true,
    method: 'card',
    destination: { type: 'pot', name: 'Lisbon trip' },
    failureReason: null,
    ...overrides,
  };
}

export function aFundingTransaction(overrides: Partial<FundingTransaction> = {}): FundingTransaction {
  return {
    id: 'f0000000-0000-4000-8000-000000000001',
    sessionId: 'cs_test_1',
    amountPence: 2500,
    feePence: 50,
    feeRate: 2,
    method: 'card',
    status: 'succeeded',
    destination: { type: 'pot', name: 'Lisbon trip' },
    failureReason: null,
    createdAt: '2026-03-03T10:00:00Z',
    completedAt: '2026-03-03T10:01:00Z',
    ...overrides,
  };
}

/** Identity checks done and a card issued; `kycStatus: 'pending'` for a user who has not finished. */
export function anOnboardingStatus(kycStatus: 'pending' | 'complete' = 'complete'): OnboardingStatus {
  return {
    step: kycStatus === 'complete' ? 'complete' : 'form',
    account: {
      id: 'acct_test_1',
      status: kycStatus === 'complete' ? 'active' : 'restricted',
      kycStatus,
      requirements: kycStatus === 'complete' ? [] : ['individual.dob.day'],
      pendingVerification: [],
      cardNotReadyReason: kycStatus === 'complete' ? null : 'Some of your details are still needed.',
      capabilities: { cardIssuing: 'active', transfers: 'active' },
      payoutAccountLabel: 'NatWest •••• 2345',
    },
    card:
      kycStatus === 'complete'
        ? { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2029, status: 'active' }
        : null,
  };
}

/**
 * The reads money screens make, answered with `pots` (Ann owns the first), `wallet`, a 2% fee quote, an
 * empty histories and a verified account; `override` answers first when it returns something.
 */
export function moneyApi(
  {
    pots = [aPotSummary()],
    wallet = aWallet(),
    history = [] as FundingTransaction[],
    onboarding = anOnboardingStatus(),
    withdrawals = [] as Withdrawal[],
  }: {
    pots?: PotSummary[];
    wallet?: Wallet;
    history?: FundingTransaction[];
    onboarding?: OnboardingStatus;
    withdrawals?: Withdrawal[];
  } = {},
  override?: (request: Request) => Response | Promise<Response> | undefined,
) {
  return mockFetch(async (request) => {
    const answer = await override?.(request);
    if (answer) return answer;
    const url = new URL(request.url);
    switch (pathOf(request)) {
      case '/api/pots':
        return json(pots);
      case '/api/active-pot':
        return json({ potId: pots[0]?.id ?? null, updatedAt: null });
      case '/api/wallet':
        return json(wallet);
      case '/api/funding/fee-quote':
        return json(aFeeQuote(Number(url.searchParams.get('amountPence'))));
      case '/api/funding/transactions':
        return json(history);
      case '/api/onboarding':
        return json(onboarding);
      case '/api/withdrawals':
        return json(withdrawals);
      default:
        return problem(404, `Not mocked: ${request.method} ${url.pathname}`);
    }
  });
}

/** October 2026 of the wallet: a card top-up (fee on top) and a card purchase. */
export function aStatement(overrides: Partial<Statement> = {}): Statement {
  return {
    account: { type: 'wallet', name: 'Your Kitty wallet' },
    month: '2026-10',
    from: '2026-09-30T23:00:00.000Z',
    to: '2026-11-01T00:00:00.000Z',
    openingBalancePence: 3800,
    closingBalancePence: 5595,
    moneyInPence: 2500,
    moneyOutPence: 705,
    feesPence: 50,
    entries: [
      {
        transactionId: 't1',
        occurredAt: '2026-10-02T09:00:00.000Z',
        kind: 'top_up',
        description: 'Funds added by card',
        amountPence: 2500,
        feePence: 50,
        balanceAfterPence: 6300,
        memberName: null,
        cardAuthorizationId: null,
      },
      {
        transactionId: 't2',
        occurredAt: '2026-10-03T19:30:00.000Z',
        kind: 'card_capture',
        description: 'Pingo Doce',
        amountPence: -705,
        feePence: 0,
        balanceAfterPence: 5595,
        memberName: null,
        cardAuthorizationId: null,
      },
    ],
    ...overrides,
  };
}
