import Stripe from 'stripe';

import { Clock, unixSeconds } from '../core/clock';
import { ID_PREFIX, newId } from '../core/ids';
import { ApiList, paginate } from '../core/list';
import { inRange } from '../core/params';
import { RequestContext } from '../core/request-context';
import { EVENT_TYPE, EventsService } from '../events/events.service';
import { JOB_KIND, Scheduler } from '../scheduler/scheduler';
import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';
import { CreatePayoutParams, ListPayoutsParams } from './payouts.params';

export type Payout = Pick<
  Stripe.Payout,
  | 'id'
  | 'object'
  | 'amount'
  | 'application_fee'
  | 'application_fee_amount'
  | 'arrival_date'
  | 'automatic'
  | 'balance_transaction'
  | 'created'
  | 'currency'
  | 'description'
  | 'destination'
  | 'failure_balance_transaction'
  | 'failure_code'
  | 'failure_message'
  | 'livemode'
  | 'metadata'
  | 'method'
  | 'original_payout'
  | 'reconciliation_status'
  | 'reversed_by'
  | 'source_type'
  | 'statement_descriptor'
  | 'status'
  | 'type'
>;

/** The bank account a payout goes to when `destination` is not given. */
export const DEFAULT_PAYOUT_DESTINATION = 'ba_sandboxdefault00000000';

/**
 * Destinations starting with `ba_fail` make the payout fail: `ba_fail_<failure_code>` picks one of Stripe's
 * payout failure codes (`ba_fail_insufficient_funds`), plain `ba_fail…` fails with `account_closed`.
 */
export const FAILING_DESTINATION_PREFIX = 'ba_fail';

/** Stripe's payout failure codes and their messages. */
const FAILURE_MESSAGES: Record<string, string> = {
  account_closed: 'The bank account has been closed.',
  account_frozen: 'The bank account has been frozen.',
  bank_account_restricted:
    'The bank account has restrictions on either the type, or the number, of payouts allowed.',
  could_not_process: 'The bank could not process this payout.',
  declined: 'The bank has declined this transfer.',
  insufficient_funds: 'Your Stripe account has insufficient funds to cover the payout.',
  invalid_account_number: 'The routing number seems correct, but the account number is invalid.',
  no_account: 'The bank account details on file are probably incorrect.',
};

const ARRIVAL_DAYS = 2;

interface PayoutSettlementJob {
  payoutId: string;
}

/**
 * Payouts to the platform's bank account: created `pending`, then `paid` (`payout.paid`) or, for a
 * failing test destination, `failed` with a `failure_code` (`payout.failed`) after the configured delay.
 * Balances are not modelled: every payout is accepted.
 */
export class PayoutsService {
  readonly payouts: Collection<Payout>;

  constructor(
    store: SandboxStore,
    private readonly clock: Clock,
    private readonly events: EventsService,
    private readonly scheduler: Scheduler,
    private readonly settlementDelayMs: number,
  ) {
    this.payouts = store.collection<Payout>('payouts', { objectName: 'payout', idPrefix: ID_PREFIX.payout });
    scheduler.register<PayoutSettlementJob>(JOB_KIND.payoutSettlement, (job) => this.settle(job));
  }

  create(params: CreatePayoutParams, request: RequestContext): Payout {
    const now = unixSeconds(this.clock);
    const payout = this.payouts.insert({
      id: newId(ID_PREFIX.payout),
      object: 'payout',
      amount: params.amount,
      application_fee: null,
      application_fee_amount: null,
      arrival_date: now + ARRIVAL_DAYS * 24 * 60 * 60,
      automatic: false,
      balance_transaction: newId(ID_PREFIX.balanceTransaction),
      created: now,
      currency: params.currency,
      description: params.description ?? null,
      destination: params.destination ?? DEFAULT_PAYOUT_DESTINATION,
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: params.metadata ?? {},
      method: params.method ?? 'standard',
      original_payout: null,
      reconciliation_status: 'not_applicable',
      reversed_by: null,
      source_type: 'card',
      statement_descriptor: params.statement_descriptor ?? null,
      status: 'pending',
      type: 'bank_account',
    });
    this.events.emit(EVENT_TYPE.payoutCreated, payout, request);
    this.scheduler.schedule<PayoutSettlementJob>(JOB_KIND.payoutSettlement, this.settlementDelayMs, {
      payoutId: payout.id,
    });
    return payout;
  }

  retrieve(id: string): Payout {
    return this.payouts.require(id, 'payout');
  }

  list(params: ListPayoutsParams): ApiList<Payout> {
    const matches = this.payouts
      .newestFirst()
      .filter(
        (payout) =>
          (params.status === undefined || payout.status === params.status) &&
          (params.destination === undefined || payout.destination === params.destination) &&
          inRange(payout.created, params.created),
      );
    return paginate(matches, params, '/v1/payouts');
  }

  private settle({ payoutId }: PayoutSettlementJob): void {
    const payout = this.payouts.get(payoutId);
    if (!payout || payout.status !== 'pending') return;
    const failureCode = failureCodeFor(payout.destination as string);
    if (failureCode === null) {
      const paid = this.payouts.replace({ ...payout, status: 'paid' });
      this.events.emit(EVENT_TYPE.payoutPaid, paid, null);
      return;
    }
    const failed = this.payouts.replace({
      ...payout,
      status: 'failed',
      failure_code: failureCode,
      failure_message: FAILURE_MESSAGES[failureCode],
      failure_balance_transaction: newId(ID_PREFIX.balanceTransaction),
    });
    this.events.emit(EVENT_TYPE.payoutFailed, failed, null);
  }
}

function failureCodeFor(destination: string): string | null {
  if (!destination.startsWith(FAILING_DESTINATION_PREFIX)) return null;
  const requested = destination.slice(FAILING_DESTINATION_PREFIX.length).replace(/^_/, '');
  return requested in FAILURE_MESSAGES ? requested : 'account_closed';
}
