import Stripe from 'stripe';

import { AccountsService } from '../accounts/accounts.service';
import { BalancesService } from '../balances/balances.service';
import { Clock, unixSeconds } from '../core/clock';
import { ID_PREFIX, newId } from '../core/ids';
import { ApiList, paginate } from '../core/list';
import { inRange } from '../core/params';
import { RequestContext } from '../core/request-context';
import { invalidRequest } from '../core/stripe-error';
import { EVENT_TYPE, EventsService } from '../events/events.service';
import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';
import { CreateReversalParams, CreateTransferParams, ListTransfersParams } from './transfers.params';

export type TransferReversal = Pick<
  Stripe.TransferReversal,
  | 'id'
  | 'object'
  | 'amount'
  | 'balance_transaction'
  | 'created'
  | 'currency'
  | 'destination_payment_refund'
  | 'metadata'
  | 'source_refund'
> & { transfer: string };

export type Transfer = Pick<
  Stripe.Transfer,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_reversed'
  | 'balance_transaction'
  | 'created'
  | 'currency'
  | 'description'
  | 'livemode'
  | 'metadata'
  | 'reversed'
  | 'source_transaction'
  | 'transfer_group'
> & { destination: string; destination_payment: string; reversals: ApiList<TransferReversal> };

/**
 * Transfers from the platform to a connected account (Connect's separate charges and transfers): the
 * amount lands in the account's balance at once, ready for a payout on that account. A reversal takes
 * (part of) it back while the account still holds it. The platform's own balance is not modelled.
 */
export class TransfersService {
  readonly transfers: Collection<Transfer>;

  constructor(
    store: SandboxStore,
    private readonly clock: Clock,
    private readonly events: EventsService,
    private readonly accounts: AccountsService,
    private readonly balances: BalancesService,
  ) {
    this.transfers = store.collection<Transfer>('transfers', {
      objectName: 'transfer',
      idPrefix: ID_PREFIX.transfer,
    });
  }

  create(params: CreateTransferParams, request: RequestContext): Transfer {
    if (request.account !== null) {
      throw invalidRequest('Transfers are made by the platform: send them without a Stripe-Account header.');
    }
    const destination = this.accounts.accounts.get(params.destination);
    if (!destination) {
      throw invalidRequest(`No such destination: '${params.destination}'`, {
        code: 'resource_missing',
        param: 'destination',
      });
    }
    if (destination.capabilities.transfers !== 'active') {
      throw invalidRequest(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
      );
    }
    const id = newId(ID_PREFIX.transfer);
    const transfer = this.transfers.insert({
      id,
      object: 'transfer',
      amount: params.amount,
      amount_reversed: 0,
      balance_transaction: newId(ID_PREFIX.balanceTransaction),
      created: unixSeconds(this.clock),
      currency: params.currency,
      description: params.description ?? null,
      destination: params.destination,
      destination_payment: newId('py_'),
      livemode: false,
      metadata: params.metadata ?? {},
      reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
      reversed: false,
      source_transaction: null,
      transfer_group: params.transfer_group ?? null,
    });
    this.balances.credit(params.destination, params.amount);
    this.events.emit(EVENT_TYPE.transferCreated, transfer, request);
    return transfer;
  }

  retrieve(id: string): Transfer {
    return this.transfers.require(id, 'transfer');
  }

  list(params: ListTransfersParams): ApiList<Transfer> {
    const matches = this.transfers
      .newestFirst()
      .filter(
        (transfer) =>
          (params.destination === undefined || transfer.destination === params.destination) &&
          (params.transfer_group === undefined || transfer.transfer_group === params.transfer_group) &&
          inRange(transfer.created, params.created),
      );
    return paginate(matches, params, '/v1/transfers');
  }

  /** Takes the whole remaining amount back unless `amount` says less; the account must still hold it. */
  reverse(id: string, params: CreateReversalParams, request: RequestContext): TransferReversal {
    const transfer = this.retrieve(id);
    const remaining = transfer.amount - transfer.amount_reversed;
    const amount = params.amount ?? remaining;
    if (amount > remaining) {
      throw invalidRequest(
        `Transfer ${id} has only ${remaining} remaining to reverse; you requested ${amount}.`,
        { param: 'amount' },
      );
    }
    this.balances.debit(transfer.destination, amount, 'amount');
    const reversal: TransferReversal = {
      id: newId(ID_PREFIX.transferReversal),
      object: 'transfer_reversal',
      amount,
      balance_transaction: newId(ID_PREFIX.balanceTransaction),
      created: unixSeconds(this.clock),
      currency: transfer.currency,
      destination_payment_refund: newId('pyr_'),
      metadata: params.metadata ?? {},
      source_refund: null,
      transfer: id,
    };
    const reversed = this.transfers.replace({
      ...transfer,
      amount_reversed: transfer.amount_reversed + amount,
      reversed: transfer.amount_reversed + amount === transfer.amount,
      reversals: { ...transfer.reversals, data: [reversal, ...transfer.reversals.data] },
    });
    this.events.emit(EVENT_TYPE.transferReversed, reversed, request);
    return reversal;
  }
}
