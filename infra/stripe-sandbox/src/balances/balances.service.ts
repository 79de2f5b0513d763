import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

import { ApiRoutes } from '../core/api';
import { invalidRequest } from '../core/stripe-error';
import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';

/** A connected account's available GBP balance, in pence. The platform's own balance is not modelled. */
interface AccountBalance {
  id: string;
  available: number;
}

export type Balance = Pick<Stripe.Balance, 'object' | 'available' | 'pending' | 'livemode'>;

/**
 * Connected accounts' balances: transfers credit them, payouts debit them (a payout that fails credits
 * its amount back), reversals debit them. A debit beyond the balance is Stripe's `balance_insufficient`.
 */
export class BalancesService {
  private readonly balances: Collection<AccountBalance>;

  constructor(store: SandboxStore) {
    this.balances = store.collection<AccountBalance>('connected_balances', { objectName: 'balance' });
  }

  available(account: string): number {
    return this.balances.get(account)?.available ?? 0;
  }

  credit(account: string, amount: number): void {
    this.balances.insert({ id: account, available: this.available(account) + amount });
  }

  debit(account: string, amount: number, param: string): void {
    const available = this.available(account);
    if (available < amount) {
      throw invalidRequest(
        `You have insufficient funds in your Stripe account for this transfer. Your card balance is too low. You can use the /v1/balance endpoint to view your Stripe balance (for more details, see stripe.com/docs/api#balance).`,
        { code: 'balance_insufficient', param },
      );
    }
    this.balances.insert({ id: account, available: available - amount });
  }

  /** `GET /v1/balance`, for the account in `Stripe-Account` (the platform's shows nothing). */
  retrieve(account: string | null): Balance {
    const amount = account === null ? 0 : this.available(account);
    return {
      object: 'balance',
      available: [{ amount, currency: 'gbp', source_types: { card: amount } }],
      pending: [{ amount: 0, currency: 'gbp', source_types: { card: 0 } }],
      livemode: false,
    };
  }
}

export const balanceRoutes =
  (balances: BalancesService): ApiRoutes =>
  (api: FastifyInstance) => {
    api.get('/balance', (request) => balances.retrieve(request.stripe.account));
  };
