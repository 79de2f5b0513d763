// The payments ledger as pots sees it over RPC, kept in memory with the ledger's idempotency rules: a key
// posts once and replays after; a reversed key is refused (410); reversing a key never posted voids it.
import { randomUUID } from 'node:crypto';

import {
  PaymentsRpc,
  ProblemCodes,
  type ReverseTransactionCommand,
  type RpcContract,
  type SpendFromPotCommand,
  type TransferBetweenWalletsCommand,
} from '@kitty/contracts';
import { ProblemError, type RpcClient } from '@kitty/nest-common';

interface Posting {
  transactionId: string;
  legs: { account: string; pence: number }[];
}

export const potAccount = (potId: string) => `pot:${potId}`;
export const walletAccount = (userId: string) => `wallet:${userId}`;

export class FakeLedger {
  readonly balances = new Map<string, number>();
  /** Postings by idempotency key, reversals included (`reversal:<key>`). */
  readonly postings = new Map<string, Posting>();
  readonly voided = new Set<string>();
  /** Every command received, in order. */
  readonly calls: { pattern: string; payload: Record<string, unknown> }[] = [];

  readonly client = {
    call: async (contract: RpcContract, request: unknown) => {
      const payload = request as Record<string, unknown>;
      this.calls.push({ pattern: contract.pattern, payload });
      // An RPC round trip: lets concurrent deliveries interleave as they do over the network.
      await new Promise((resolve) => setImmediate(resolve));
      return contract.reply.parse(this.answer(contract.pattern, payload));
    },
  } as unknown as RpcClient;

  fund(account: string, pence: number): void {
    this.balances.set(account, this.balance(account) + pence);
  }

  balance(account: string): number {
    return this.balances.get(account) ?? 0;
  }

  /** How many postings (not replays) were made under `key`. */
  posted(key: string): number {
    return this.postings.has(key) ? 1 : 0;
  }

  reversed(key: string): boolean {
    return this.postings.has(`reversal:${key}`);
  }

  private answer(pattern: string, payload: Record<string, unknown>) {
    switch (pattern) {
      case PaymentsRpc.spendFromPot.pattern: {
        const command = payload as unknown as SpendFromPotCommand;
        return this.post(command.idempotencyKey, [
          { account: potAccount(command.potId), pence: -command.amountPence },
          { account: 'merchant:clearing', pence: command.amountPence },
        ]);
      }
      case PaymentsRpc.transferBetweenWallets.pattern: {
        const command = payload as unknown as TransferBetweenWalletsCommand;
        return this.post(command.idempotencyKey, [
          { account: walletAccount(command.fromUserId), pence: -command.amountPence },
          { account: walletAccount(command.toUserId), pence: command.amountPence },
        ]);
      }
      case PaymentsRpc.reverseTransaction.pattern: {
        const { idempotencyKey } = payload as unknown as ReverseTransactionCommand;
        const original = this.postings.get(idempotencyKey);
        if (!original) {
          this.voided.add(idempotencyKey);
          throw ProblemError.of(404, 'Not found', 'No ledger transaction has that key.');
        }
        return this.post(
          `reversal:${idempotencyKey}`,
          original.legs.map((leg) => ({ account: leg.account, pence: -leg.pence })),
        );
      }
      default:
        throw new Error(`Unexpected RPC ${pattern}`);
    }
  }

  private post(key: string, legs: Posting['legs']) {
    const cancelled = () =>
      ProblemError.of(
        410,
        'Request cancelled',
        'This payment was cancelled after an interruption. Please try again.',
      );
    if (this.voided.has(key) || this.reversed(key)) throw cancelled();
    const earlier = this.postings.get(key);
    if (earlier) return { transactionId: earlier.transactionId, replayed: true };
    for (const leg of legs) {
      if (!leg.account.startsWith('merchant:') && this.balance(leg.account) + leg.pence < 0)
        throw ProblemError.coded(
          ProblemCodes.insufficientFunds,
          400,
          'Insufficient funds',
          'Insufficient funds in the account.',
        );
    }
    for (const leg of legs) this.fund(leg.account, leg.pence);
    const posting = { transactionId: randomUUID(), legs };
    this.postings.set(key, posting);
    return { transactionId: posting.transactionId, replayed: false };
  }
}
