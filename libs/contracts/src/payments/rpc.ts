import { z } from 'zod';

import { Acknowledged, defineRpc, IdempotencyKey, Uuid } from '../common';
import { CallerEmailVerified } from '../notifications/email-limits';
import {
  CheckoutSessionCreated,
  CheckoutSessionId,
  CreateCheckoutSessionRequest,
  FeeQuote,
  FundingSession,
  FundingTransaction,
} from './funding';
import { PayExpenseFromPotCommand, PaySettlementCommand } from './pot-payments';
import { Statement, StatementMonth } from './statement';
import { CreateTopUpRequest, TopUpRequestCreated, TopUpRequestView } from './top-up-request';
import { Wallet } from './wallet';
import {
  CreateWithdrawalRequest,
  Withdrawal,
  WithdrawalApproval,
  WithdrawalDecision,
  WithdrawalHistory,
  WithdrawalHistoryQuery,
} from './withdrawal';

/** The signed-in caller, as the gateway authenticated them. */
export const PaymentsCaller = z.object({
  userId: Uuid,
  email: z.string(),
  name: z.string(),
  emailVerified: CallerEmailVerified,
});
export type PaymentsCaller = z.infer<typeof PaymentsCaller>;

const withCaller = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ caller: PaymentsCaller, ...shape });

/** `idempotencyKey`: the caller's Idempotency-Key; the top-up's id derives from it (ADR 0011). */
export const CreateCheckoutSessionCommand = withCaller({
  body: CreateCheckoutSessionRequest,
  idempotencyKey: IdempotencyKey,
});
export const FundingSessionQuery = withCaller({ sessionId: CheckoutSessionId });
export const CancelTopUpCommand = withCaller({ topUpId: Uuid });
export const TopUpQuery = withCaller({ topUpId: Uuid });
export const QuoteFeeQuery = withCaller({ amountPence: z.number().int().positive() });
export const PaymentsCallerQuery = withCaller({});
export const CreateWithdrawalCommand = withCaller({
  body: CreateWithdrawalRequest,
  idempotencyKey: IdempotencyKey,
});
/** Another member of the pot approves or declines a withdrawal waiting for approval. */
export const DecideWithdrawalCommand = withCaller({ withdrawalId: Uuid, decision: WithdrawalDecision });
/** The requester withdraws their own request while it waits. */
export const CancelWithdrawalCommand = withCaller({ withdrawalId: Uuid });
export const PotWithdrawalApprovalsQuery = withCaller({ potId: Uuid });
/** The caller's own withdrawals (potId null: from every source), or every member's from a pot of theirs. */
export const WithdrawalHistoryRequest = withCaller({
  potId: Uuid.nullable(),
  page: WithdrawalHistoryQuery,
});
export const CreateTopUpRequestCommand = withCaller({ body: CreateTopUpRequest });
export const TopUpRequestQuery = withCaller({ requestId: Uuid });
/** The caller's wallet, or a pot they are a member of (checked by payments against pots). */
export const StatementRequest = withCaller({
  source: z.discriminatedUnion('type', [
    z.object({ type: z.literal('wallet') }),
    z.object({ type: z.literal('pot'), potId: Uuid }),
  ]),
  month: StatementMonth,
});

export type CreateCheckoutSessionCommand = z.infer<typeof CreateCheckoutSessionCommand>;
export type FundingSessionQuery = z.infer<typeof FundingSessionQuery>;
export type CancelTopUpCommand = z.infer<typeof CancelTopUpCommand>;
export type TopUpQuery = z.infer<typeof TopUpQuery>;
export type QuoteFeeQuery = z.infer<typeof QuoteFeeQuery>;
export type PaymentsCallerQuery = z.infer<typeof PaymentsCallerQuery>;
export type CreateWithdrawalCommand = z.infer<typeof CreateWithdrawalCommand>;
export type DecideWithdrawalCommand = z.infer<typeof DecideWithdrawalCommand>;
export type CancelWithdrawalCommand = z.infer<typeof CancelWithdrawalCommand>;
export type PotWithdrawalApprovalsQuery = z.infer<typeof PotWithdrawalApprovalsQuery>;
export type WithdrawalHistoryRequest = z.infer<typeof WithdrawalHistoryRequest>;
export type CreateTopUpRequestCommand = z.infer<typeof CreateTopUpRequestCommand>;
export type TopUpRequestQuery = z.infer<typeof TopUpRequestQuery>;
export type StatementRequest = z.infer<typeof StatementRequest>;

/**
 * Closes the user's wallet as their account is deleted: refused (409, saying what to settle first) unless it
 * is empty with nothing on its way in or out; from then on nothing can be credited to it. Idempotent.
 */
export const CloseWalletCommand = z.object({ userId: Uuid }).strict();
export type CloseWalletCommand = z.infer<typeof CloseWalletCommand>;

/** Reply of every ledger command: the ledger transaction posted (or found, on a repeat). */
export const LedgerReceipt = z.object({ transactionId: Uuid, replayed: z.boolean() });
export type LedgerReceipt = z.infer<typeof LedgerReceipt>;

export const PaymentsRpc = {
  // The signed-in caller's money (gateway → payments).
  createCheckoutSession: defineRpc(
    'payments.checkout-session.create.v1',
    CreateCheckoutSessionCommand,
    CheckoutSessionCreated,
  ),
  getFundingSession: defineRpc('payments.funding-session.get.v1', FundingSessionQuery, FundingSession),
  cancelTopUp: defineRpc('payments.funding.cancel.v1', CancelTopUpCommand, FundingTransaction),
  /** One of the caller's top-ups (its receipt); another user's is not found. */
  getTopUp: defineRpc('payments.funding.get.v1', TopUpQuery, FundingTransaction),
  quoteFee: defineRpc('payments.fee.quote.v1', QuoteFeeQuery, FeeQuote),
  listFundingTransactions: defineRpc(
    'payments.funding-transaction.list.v1',
    PaymentsCallerQuery,
    z.array(FundingTransaction),
  ),
  getWallet: defineRpc('payments.wallet.get.v1', PaymentsCallerQuery, Wallet),
  closeWallet: defineRpc('payments.wallet.close.v1', CloseWalletCommand, Acknowledged),
  getStatement: defineRpc('payments.statement.get.v1', StatementRequest, Statement),
  createWithdrawal: defineRpc('payments.withdrawal.create.v1', CreateWithdrawalCommand, Withdrawal),
  listWithdrawals: defineRpc('payments.withdrawal.list.v1', PaymentsCallerQuery, z.array(Withdrawal)),
  withdrawalHistory: defineRpc('payments.withdrawal.history.v1', WithdrawalHistoryRequest, WithdrawalHistory),
  decideWithdrawal: defineRpc('payments.withdrawal.decide.v1', DecideWithdrawalCommand, Withdrawal),
  cancelWithdrawal: defineRpc('payments.withdrawal.cancel.v1', CancelWithdrawalCommand, Withdrawal),
  listWithdrawalApprovals: defineRpc(
    'payments.withdrawal.approvals.list.v1',
    PotWithdrawalApprovalsQuery,
    z.array(WithdrawalApproval),
  ),
  createTopUpRequest: defineRpc(
    'payments.top-up-request.create.v1',
    CreateTopUpRequestCommand,
    TopUpRequestCreated,
  ),
  getTopUpRequest: defineRpc('payments.top-up-request.get.v1', TopUpRequestQuery, TopUpRequestView),
  // Money a pot's bookkeeping pays with, prepared by pots (gateway → pots → payments; ADR 0020).
  payExpenseFromPot: defineRpc('payments.pot-expense.pay.v1', PayExpenseFromPotCommand, LedgerReceipt),
  paySettlement: defineRpc('payments.settlement.pay.v1', PaySettlementCommand, LedgerReceipt),
} as const;
