import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { systemClock } from '../core/clock';
import { Logger } from '../core/logger';
import { SandboxStore } from '../store/store';
import { waitFor } from '../testing/harness';
import { JOB_KIND, JobKind, Scheduler } from './scheduler';

const silent: Logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };

function schedulerWithAllHandlers(store: SandboxStore, calls: Array<[JobKind, unknown]>) {
  const scheduler = new Scheduler(store, systemClock, silent);
  for (const kind of Object.values(JOB_KIND))
    scheduler.register(kind, (data) => void calls.push([kind, data]));
  return scheduler;
}

describe('Scheduler', () => {
  it('fails at start when a job kind has no handler', () => {
    const scheduler = new Scheduler(new SandboxStore(null), systemClock, silent);
    scheduler.register(JOB_KIND.webhookDelivery, () => undefined);
    expect(() => scheduler.start()).toThrow(
      /No handler for job kind\(s\): checkout.async_payment.resolve, payout.settle/,
    );
  });

  it('runs jobs when due, in order of their time', async () => {
    const calls: Array<[JobKind, unknown]> = [];
    const scheduler = schedulerWithAllHandlers(new SandboxStore(null), calls);
    scheduler.start();
    scheduler.schedule(JOB_KIND.payoutSettlement, 60, { n: 2 });
    scheduler.schedule(JOB_KIND.payoutSettlement, 10, { n: 1 });
    expect(calls).toEqual([]);
    await waitFor(() => calls.length === 2);
    expect(calls.map(([, data]) => data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(scheduler.pending()).toEqual([]);
    await scheduler.stop();
  });

  it('drops a job whose handler throws and keeps running the others', async () => {
    const store = new SandboxStore(null);
    const scheduler = new Scheduler(store, systemClock, silent);
    const ran: string[] = [];
    scheduler.register(JOB_KIND.webhookDelivery, () => {
      throw new Error('boom');
    });
    scheduler.register(JOB_KIND.payoutSettlement, () => void ran.push('payout'));
    scheduler.register(JOB_KIND.asyncPaymentResolution, () => undefined);
    scheduler.register(JOB_KIND.accountVerification, () => undefined);
    scheduler.start();
    scheduler.schedule(JOB_KIND.webhookDelivery, 0, {});
    scheduler.schedule(JOB_KIND.payoutSettlement, 5, {});
    await waitFor(() => ran.length === 1);
    expect(silent.error).toHaveBeenCalled();
    expect(scheduler.pending()).toEqual([]);
    await scheduler.stop();
  });

  it('keeps stored jobs across a restart and runs them after it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-scheduler-'));
    try {
      const firstStore = new SandboxStore(dir);
      const first = schedulerWithAllHandlers(firstStore, []);
      first.start();
      first.schedule(JOB_KIND.payoutSettlement, 50, { payoutId: 'po_1' });
      await first.stop();
      firstStore.flush();

      const calls: Array<[JobKind, unknown]> = [];
      const secondStore = new SandboxStore(dir);
      const second = schedulerWithAllHandlers(secondStore, calls);
      expect(second.pending()).toHaveLength(1);
      second.start();
      await waitFor(() => calls.length === 1);
      expect(calls).toEqual([[JOB_KIND.payoutSettlement, { payoutId: 'po_1' }]]);
      await second.stop();
      secondStore.flush();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
