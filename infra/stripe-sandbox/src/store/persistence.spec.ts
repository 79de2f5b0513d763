import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startTestSandbox, topUpSessionParams, waitFor } from '../testing/harness';
import { SandboxStore } from './store';

describe('state across restarts (SANDBOX_DATA_DIR)', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-state-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps sessions, events and idempotency keys, and finishes pending payouts after a restart', async () => {
    const env = { SANDBOX_DATA_DIR: dir, SANDBOX_PAYOUT_DELAY_MS: '300' };
    const first = await startTestSandbox(env);
    const session = await first.stripe.checkout.sessions.create(topUpSessionParams(), {
      idempotencyKey: 'restart-1',
    });
    const payout = await first.stripe.payouts.create({ amount: 100, currency: 'gbp' });
    await first.close();

    const second = await startTestSandbox(env);
    try {
      expect((await second.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
      const replay = await second.stripe.checkout.sessions.create(topUpSessionParams(), {
        idempotencyKey: 'restart-1',
      });
      expect(replay.id).toBe(session.id);
      expect((await second.stripe.events.list({ type: 'payout.created' })).data).toHaveLength(1);
      await waitFor(async () => (await second.stripe.payouts.retrieve(payout.id)).status === 'paid');
    } finally {
      await second.close();
    }
  });

  it('forgets everything without a data directory', async () => {
    const first = await startTestSandbox();
    const session = await first.stripe.checkout.sessions.create(topUpSessionParams());
    await first.close();
    const second = await startTestSandbox();
    try {
      await expect(second.stripe.checkout.sessions.retrieve(session.id)).rejects.toMatchObject({
        statusCode: 404,
      });
    } finally {
      await second.close();
    }
  });

  it('refuses a state file from another version rather than misreading it', () => {
    writeFileSync(join(dir, 'state.json'), JSON.stringify({ version: 99, collections: {} }));
    expect(() => new SandboxStore(dir)).toThrow(/state version 99/);
  });
});
