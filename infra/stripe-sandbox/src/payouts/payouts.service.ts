import Stripe from 'stripe';

import {
  AccountsService,
  FAILING_ACCOUNT_NUMBER_SUFFIX,
  RETURNING_ACCOUNT_NUMBER_SUFFIX,
} from '../accounts/accounts.service';
import { BalancesService } from '../balances/balances.service';
import { Clock, unixSeconds } from '../core/clock';
import { ID_PREFIX, newId } from '../core/ids';
import { ApiList, paginate } from '../core/list';
import { inRange } from '../core/params';
import { RequestContext } from '../core/request-context';
import { invalidRequest, resourceMissing } from '../core/stripe-error';
import { EVENT_TYPE, EventsService } from '../events/events.service';
import { JOB_KIND, Scheduler } from '../scheduler/scheduler';
import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';
import { CreatePayoutParams, ListPayoutsParams } from './payouts.params';

/** Stripe's Payout: every field Stripe sends (names and types from the SDK). */
export type Payout = Stripe.Payout;

/**
 * A payout's bank trace id is `pending` until it settles; then Stripe says whether the bank gave one. The
 * sandbox's banks give none.
 */
const PENDING_TRACE: Stripe.Payout.TraceId = { status: 'pending', value: null };
const NO_TRACE: Stripe.Payout.TraceId = { status: 'unsupported', value: null };

/** The bank account a payout goes to when `destination` is not given. */
export const DEFAULT_PAYOUT_DESTINATION = 'ba_sandboxdefault00000000';

/**
 * Destinations starting with `ba_fail` make the payout fail: `ba_fail_<failure_code>` picks one of Stripe's
 * payout failure codes (`ba_fail_insufficient_funds`), plain `ba_fail…` fails with `account_closed`.
 */
export const FAILING_DESTINATION_PREFIX = 'ba_fail';

/** Destinations starting with `ba_return` are paid, then returned by the bank (`account_closed`). */
export const RETURNING_DESTINATION_PREFIX = 'ba_return';

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

/** How long a payout takes to settle (`pending` → `paid`/`failed`), and to come back after `paid`. */
export interface PayoutDelays {
  settlementMs: number;
  returnMs: number;
}

type PayoutEnd =
  { kind: 'paid' } | { kind: 'fails'; failureCode: string } | { kind: 'returns'; failureCode: string };

/** Which connected account made a payout (the payout object itself does not say). */
interface PayoutOwner {
  id: string;
  account: string;
}

/**
 * Payouts, through Stripe's statuses: created `pending`; `in_transit` once submitted to the bank
 * (`payout.updated`) after half the configured delay; then, after the other half, `paid` (`payout.paid`) or,
 * for a failing test destination, `failed` with a `failure_code` (`payout.failed`). A returning test
 * destination is `paid` first and `failed` after the return delay, as Stripe reports a payout the bank sends back
 * after it looked paid. The platform's own payouts are always accepted (its balance is not modelled). A
 * payout with `Stripe-Account` is made from that connected account's balance to its default bank account;
 * its events carry `account`, and a failed one (also one failed after `paid`) returns its amount to the
 * balance.
 */
export class PayoutsService {
  readonly payouts: Collection<Payout>;
  private readonly owners: Collection<PayoutOwner>;

  constructor(
    store: SandboxStore,
    private readonly clock: Clock,
    private readonly events: EventsService,
    private readonly scheduler: Scheduler,
    private readonly delays: PayoutDelays,
    private readonly accounts: AccountsService,
    private readonly balances: BalancesService,
  ) {
    this.payouts = store.collection<Payout>('payouts', { objectName: 'payout', idPrefix: ID_PREFIX.payout });
    this.owners = store.collection<PayoutOwner>('payout_owners', { objectName: 'payout' });
    scheduler.register<PayoutSettlementJob>(JOB_KIND.payoutSettlement, (job) => this.settle(job));
  }

  create(params: CreatePayoutParams, request: RequestContext): Payout {
    const now = unixSeconds(this.clock);
    const account = request.account;
    const destination = account === null ? params.destination : this.connectedDestination(account, params);
    if (account !== null) this.balances.debit(account, params.amount, 'amount');
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
      destination: destination ?? DEFAULT_PAYOUT_DESTINATION,
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: params.metadata ?? {},
      method: params.method ?? 'standard',
      original_payout: null,
      payout_method: null,
      reconciliation_status: 'not_applicable',
      reversed_by: null,
      source_type: 'card',
      statement_descriptor: params.statement_descriptor ?? null,
      status: 'pending',
      trace_id: PENDING_TRACE,
      type: 'bank_account',
    });
    if (account !== null) this.owners.insert({ id: payout.id, account });
    this.events.emit(EVENT_TYPE.payoutCreated, payout, request);
    this.scheduleStep(payout.id, this.halfDelay());
    return payout;
  }

  /** A connected account's payout is visible only with its `Stripe-Account` header, and only there. */
  retrieve(id: string, account: string | null = null): Payout {
    const payout = this.payouts.require(id, 'payout');
    if (this.ownerOf(id) !== account) throw resourceMissing('payout', id);
    return payout;
  }

  list(params: ListPayoutsParams, account: string | null = null): ApiList<Payout> {
    const matches = this.payouts
      .newestFirst()
      .filter(
        (payout) =>
          this.ownerOf(payout.id) === account &&
          (params.status === undefined || payout.status === params.status) &&
          (params.destination === undefined || payout.destination === params.destination) &&
          inRange(payout.created, params.created),
      );
    return paginate(matches, params, '/v1/payouts');
  }

  private ownerOf(payoutId: string): string | null {
    return this.owners.get(payoutId)?.account ?? null;
  }

  /** The connected account's bank account the payout goes to: the one named, else its default. */
  private connectedDestination(account: string, params: CreatePayoutParams): string {
    if (!this.accounts.accounts.get(account)) {
      throw invalidRequest(`No such account: '${account}'`, { code: 'account_invalid' });
    }
    const banks = this.accounts.accounts.get(account)?.external_accounts.data ?? [];
    if (params.destination !== undefined) {
      if (!banks.some((bank) => bank.id === params.destination)) {
        throw invalidRequest(`No such external account: '${params.destination}'`, {
          code: 'resource_missing',
          param: 'destination',
        });
      }
      return params.destination;
    }
    const fallback = this.accounts.defaultBankAccount(account);
    if (!fallback) {
      throw invalidRequest('You do not have a bank account for your default currency (gbp).', {
        code: 'no_external_account',
        param: 'destination',
      });
    }
    return fallback.id;
  }

  /** One step of a payout's life, by its status now; each step schedules the next. */
  private settle({ payoutId }: PayoutSettlementJob): void {
    const payout = this.payouts.get(payoutId);
    if (!payout) return;
    const account = this.ownerOf(payoutId);
    const outcome = this.outcomeOf(payout.destination as string, account);
    if (payout.status === 'pending') {
      const inTransit = this.payouts.replace({ ...payout, status: 'in_transit' });
      this.events.emit(EVENT_TYPE.payoutUpdated, inTransit, null, { account, previous: payout });
      this.scheduleStep(payoutId, this.delays.settlementMs - this.halfDelay());
      return;
    }
    if (payout.status === 'in_transit') {
      if (outcome.kind === 'fails') return this.fail(payout, account, outcome.failureCode);
      const paid = this.payouts.replace({ ...payout, status: 'paid', trace_id: NO_TRACE });
      this.events.emit(EVENT_TYPE.payoutPaid, paid, null, { account });
      if (outcome.kind === 'returns') this.scheduleStep(payoutId, this.delays.returnMs);
      return;
    }
    if (payout.status === 'paid' && outcome.kind === 'returns')
      this.fail(payout, account, outcome.failureCode);
  }

  /** The bank refused or returned the payout: a connected account gets the amount back in its balance. */
  private fail(payout: Payout, account: string | null, failureCode: string): void {
    if (account !== null) this.balances.credit(account, payout.amount);
    const failed = this.payouts.replace({
      ...payout,
      status: 'failed',
      trace_id: NO_TRACE,
      failure_code: failureCode,
      failure_message: FAILURE_MESSAGES[failureCode],
      failure_balance_transaction: newId(ID_PREFIX.balanceTransaction),
    });
    this.events.emit(EVENT_TYPE.payoutFailed, failed, null, { account });
  }

  private halfDelay(): number {
    return Math.floor(this.delays.settlementMs / 2);
  }

  private scheduleStep(payoutId: string, delayMs: number): void {
    this.scheduler.schedule<PayoutSettlementJob>(JOB_KIND.payoutSettlement, delayMs, { payoutId });
  }

  /** How a payout to this destination ends: paid, failed before paying, or paid and then returned. */
  private outcomeOf(destination: string, account: string | null): PayoutEnd {
    const bank = account === null ? undefined : this.accounts.accounts.get(account)?.external_accounts.data;
    const last4 = bank?.find((external) => external.id === destination)?.last4;
    if (last4 === RETURNING_ACCOUNT_NUMBER_SUFFIX || destination.startsWith(RETURNING_DESTINATION_PREFIX))
      return { kind: 'returns', failureCode: 'account_closed' };
    const failureCode = this.failureCodeOf(destination, last4);
    return failureCode === null ? { kind: 'paid' } : { kind: 'fails', failureCode };
  }

  /** A connected account's bank account whose number ends in 0002 refuses payouts (`no_account`). */
  private failureCodeOf(destination: string, last4: string | undefined): string | null {
    if (last4 === FAILING_ACCOUNT_NUMBER_SUFFIX) return 'no_account';
    return failureCodeFor(destination);
  }
}

function failureCodeFor(destination: string): string | null {
  if (!destination.startsWith(FAILING_DESTINATION_PREFIX)) return null;
  const requested = destination.slice(FAILING_DESTINATION_PREFIX.length).replace(/^_/, '');
  return requested in FAILURE_MESSAGES ? requested : 'account_closed';
}
