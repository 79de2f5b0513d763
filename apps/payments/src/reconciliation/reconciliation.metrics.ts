import { RECONCILIATION_MISMATCH_KINDS, type ReconciliationMismatch } from '@kitty/contracts';
import { Counter, Gauge } from 'prom-client';

/** Mismatches found by the last run, by kind (every kind is set, so a fixed one drops back to 0). */
export const reconciliationMismatches = new Gauge({
  name: 'kitty_reconciliation_mismatches',
  help: 'Differences between Stripe and the ledger found by the last reconciliation run',
  labelNames: ['kind'],
});

export const reconciliationRuns = new Counter({
  name: 'kitty_reconciliation_runs_total',
  help: 'Reconciliation runs by outcome (clean, mismatches, error)',
  labelNames: ['outcome'],
});

export const reconciliationLastRun = new Gauge({
  name: 'kitty_reconciliation_last_run_timestamp_seconds',
  help: 'When the last reconciliation run completed (alert when it is more than a day old)',
});

export function recordReconciliation(mismatches: readonly ReconciliationMismatch[]): void {
  for (const kind of RECONCILIATION_MISMATCH_KINDS)
    reconciliationMismatches.set({ kind }, mismatches.filter((m) => m.kind === kind).length);
  reconciliationRuns.inc({ outcome: mismatches.length === 0 ? 'clean' : 'mismatches' });
  reconciliationLastRun.setToCurrentTime();
}
