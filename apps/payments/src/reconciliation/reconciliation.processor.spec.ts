import type { ReconciliationReport } from '@kitty/contracts';
import { type Job, UnrecoverableError } from 'bullmq';

import type { PaymentsConfig } from '../config';
import { ReconciliationProcessor } from './reconciliation.processor';
import type { ReconciliationWindow } from './reconciliation.repository';
import { previousUtcDay, type ReconciliationService } from './reconciliation.service';

describe('reconciliation job', () => {
  const windows: ReconciliationWindow[] = [];
  const service = {
    reconcile: async (window: ReconciliationWindow) => {
      windows.push(window);
      return { from: window.from.toISOString(), to: window.to.toISOString() } as ReconciliationReport;
    },
  } as unknown as ReconciliationService;
  const processor = new ReconciliationProcessor({} as PaymentsConfig, service);
  const [handler] = processor.handlers();

  beforeEach(() => {
    windows.length = 0;
  });

  it('checks the previous UTC day when the job names no window', async () => {
    const report = await processor.run({}, new Date('2026-03-29T04:00:00.000+01:00'));
    expect(report).toEqual({ from: '2026-03-28T00:00:00.000Z', to: '2026-03-29T00:00:00.000Z' });
    expect(previousUtcDay(new Date('2026-01-01T00:00:00.000Z'))).toEqual({
      from: new Date('2025-12-31T00:00:00.000Z'),
      to: new Date('2026-01-01T00:00:00.000Z'),
    });
  });

  it('checks the window an operator names', async () => {
    await handler.run({ from: '2026-01-01T00:00:00Z', to: '2026-01-08T00:00:00Z' }, {} as Job);
    expect(windows).toEqual([
      { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-01-08T00:00:00Z') },
    ]);
  });

  it('refuses, without retries, a job it cannot run', async () => {
    for (const data of [
      { from: '2026-01-01T00:00:00Z' },
      { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      { from: 'yesterday', to: 'today' },
      { window: 'all' },
    ])
      await expect(handler.run(data, {} as Job)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(windows).toEqual([]);
  });
});
