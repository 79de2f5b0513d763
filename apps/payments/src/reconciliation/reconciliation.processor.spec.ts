import type { ReconciliationReport } from '@kitty/contracts';
import { UnrecoverableError } from 'bullmq';

import type { PaymentsConfig } from '../config';
import { ReconciliationProcessor } from './reconciliation.processor';
import {
  previousUtcDay,
  type ReconciliationService,
  type ReconciliationWindow,
} from './reconciliation.service';

describe('reconciliation job', () => {
  const windows: ReconciliationWindow[] = [];
  const service = {
    reconcile: async (window: ReconciliationWindow) => {
      windows.push(window);
      return { from: window.from.toISOString(), to: window.to.toISOString() } as ReconciliationReport;
    },
  } as unknown as ReconciliationService;
  const processor = new ReconciliationProcessor({} as PaymentsConfig, service);
  const RUN = 'payments.reconciliation.run.v1';

  beforeEach(() => {
    windows.length = 0;
  });

  it('checks the previous UTC day when the job names no window', async () => {
    const report = await processor.run(RUN, {}, new Date('2026-03-29T04:00:00.000+01:00'));
    expect(report).toEqual({ from: '2026-03-28T00:00:00.000Z', to: '2026-03-29T00:00:00.000Z' });
    expect(previousUtcDay(new Date('2026-01-01T00:00:00.000Z'))).toEqual({
      from: new Date('2025-12-31T00:00:00.000Z'),
      to: new Date('2026-01-01T00:00:00.000Z'),
    });
  });

  it('checks the window an operator names', async () => {
    await processor.run(RUN, { from: '2026-01-01T00:00:00Z', to: '2026-01-08T00:00:00Z' });
    expect(windows).toEqual([
      { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-01-08T00:00:00Z') },
    ]);
  });

  it('refuses, without retries, a job it cannot run', async () => {
    for (const [name, data] of [
      ['payments.other.v1', {}],
      [RUN, { from: '2026-01-01T00:00:00Z' }],
      [RUN, { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }],
      [RUN, { from: 'yesterday', to: 'today' }],
      [RUN, { window: 'all' }],
    ] as const)
      await expect(processor.run(name, data)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(windows).toEqual([]);
  });
});
