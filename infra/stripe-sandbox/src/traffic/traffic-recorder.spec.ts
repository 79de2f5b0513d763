import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startTestSandbox, startWebhookReceiver, TEST_WEBHOOK_SECRET, waitFor } from '../testing/harness';
import { stripeSignatureHeader } from '../webhooks/signature';
import { TrafficEntry } from './traffic-recorder';

describe('the traffic file (SANDBOX_TRAFFIC_FILE)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-traffic-'));
  const file = join(dir, 'traffic.jsonl');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const entries = (): TrafficEntry[] =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as TrafficEntry);

  it('holds each API call by route with its decoded parameters and answer, and each delivery as signed', async () => {
    const receiver = await startWebhookReceiver();
    const t = await startTestSandbox({ SANDBOX_WEBHOOK_URLS: receiver.url, SANDBOX_TRAFFIC_FILE: file });
    try {
      const payout = await t.stripe.payouts.create({ amount: 1500, currency: 'gbp', metadata: { w: '1' } });
      await t.stripe.payouts.retrieve(payout.id);
      await expect(t.stripe.payouts.retrieve('po_missing')).rejects.toThrow();
      await waitFor(() => entries().some((entry) => entry.kind === 'webhook'), 5000, 'a delivery');

      const api = entries().filter((entry) => entry.kind === 'api');
      expect(api.map((entry) => [entry.operation, entry.status])).toEqual([
        ['POST /v1/payouts', 200],
        ['GET /v1/payouts/:id', 200],
        ['GET /v1/payouts/:id', 404],
      ]);
      expect(api[0]).toMatchObject({
        routed: true,
        account: null,
        params: { amount: '1500', currency: 'gbp', metadata: { w: '1' } },
        response: { id: payout.id, object: 'payout' },
      });
      const delivery = entries().find((entry) => entry.kind === 'webhook');
      if (delivery?.kind !== 'webhook') throw new Error('no delivery recorded');
      expect(JSON.parse(delivery.payload)).toMatchObject({ type: 'payout.created' });
      const [timestamp] = delivery.headers['Stripe-Signature'].split(',');
      expect(delivery.headers['Stripe-Signature']).toBe(
        stripeSignatureHeader(delivery.payload, TEST_WEBHOOK_SECRET, Number(timestamp.slice(2))),
      );
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
