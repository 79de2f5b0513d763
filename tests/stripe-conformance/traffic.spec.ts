import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { StripeSchema } from './stripe-schema';
import { checkTraffic, TrafficEntry } from './traffic';

const schema = JSON.parse(readFileSync(join(__dirname, 'stripe-schema.json'), 'utf8')) as StripeSchema;
const SECRET = 'whsec_traffic_spec';

function delivery(event: Record<string, unknown>, secret = SECRET): TrafficEntry {
  const payload = JSON.stringify(event, null, 2);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return {
    kind: 'webhook',
    endpoint: 'http://127.0.0.1/api/webhooks/stripe',
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': `t=${t},v1=${v1}` },
    payload,
  };
}

const transferCreated = {
  id: 'evt_1',
  object: 'event',
  api_version: schema.source.apiVersion,
  created: 1,
  data: {
    object: {
      id: 'tr_1',
      object: 'transfer',
      amount: 500,
      amount_reversed: 0,
      balance_transaction: 'txn_1',
      created: 1,
      currency: 'gbp',
      description: null,
      destination: 'acct_1',
      destination_payment: 'py_1',
      livemode: false,
      metadata: {},
      reversals: { object: 'list', data: [], has_more: false, url: '/v1/transfers/tr_1/reversals' },
      reversed: false,
      source_transaction: null,
      source_type: 'card',
      transfer_group: null,
    },
  },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type: 'transfer.created',
};

const findings = (entries: TrafficEntry[]) =>
  checkTraffic(entries, schema, [SECRET]).findings.map((f) => `${f.where}: ${f.path}`);

describe('checkTraffic', () => {
  it('accepts an event as Stripe delivers it: its schema, signed with the endpoint’s secret, pinned version', () => {
    expect(findings([delivery(transferCreated)])).toEqual([]);
  });

  it('refuses a delivery whose signature does not verify, or in another API version', () => {
    expect(findings([delivery(transferCreated, 'whsec_other')])).toEqual([
      'event transfer.created: Stripe-Signature',
    ]);
    expect(findings([delivery({ ...transferCreated, api_version: '2020-08-27' })])).toEqual([
      'event transfer.created: api_version',
    ]);
  });

  it('refuses a call to a URL Stripe does not have, and unknown parameters of one it has', () => {
    const call = (operation: string, routed: boolean, params: Record<string, unknown>): TrafficEntry => ({
      kind: 'api',
      operation,
      routed,
      account: null,
      params,
      status: 404,
      response: { error: { type: 'invalid_request_error', message: 'No such thing' } },
    });
    expect(
      findings([
        call('GET /v1/issuing/cards/ic_1/push_provisioning_details', false, {}),
        call('GET /v1/payouts/:id', true, { expand: { 0: 'destination' }, include: 'all' }),
      ]),
    ).toEqual([
      'GET /v1/issuing/cards/ic_1/push_provisioning_details: ',
      'GET /v1/payouts/:id request: include',
    ]);
  });
});
