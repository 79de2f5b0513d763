import { Clock } from '../core/clock';
import { ID_PREFIX, newId } from '../core/ids';
import { Logger } from '../core/logger';
import { Collection } from '../store/collection';
import { SandboxStore } from '../store/store';

/** Every kind of delayed work in the sandbox. One name, one handler. */
export const JOB_KIND = {
  webhookDelivery: 'webhook.deliver',
  asyncPaymentResolution: 'checkout.async_payment.resolve',
  payoutSettlement: 'payout.settle',
  accountVerification: 'account.verify',
} as const;

export type JobKind = (typeof JOB_KIND)[keyof typeof JOB_KIND];

export interface Job {
  id: string;
  kind: JobKind;
  /** Epoch milliseconds. */
  runAt: number;
  data: unknown;
}

type Handler = (data: never) => Promise<void> | void;

const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs delayed work (webhook retries, async payment outcomes, payout settlement, account verification) at its time. Jobs are
 * stored, so with persistence they survive a restart; a job is removed only once its handler has run.
 * Handlers own their retries: a handler that throws is logged and its job dropped.
 */
export class Scheduler {
  private readonly jobs: Collection<Job>;
  private readonly handlers = new Map<JobKind, Handler>();
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private stopped = false;

  constructor(
    store: SandboxStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.jobs = store.collection<Job>('jobs', { objectName: 'job' });
  }

  register<Data>(kind: JobKind, handler: (data: Data) => Promise<void> | void): void {
    if (this.handlers.has(kind)) throw new Error(`Job kind "${kind}" has two handlers.`);
    this.handlers.set(kind, handler as Handler);
  }

  /** Fails at boot when a stored or declared job kind has no handler, rather than dropping work later. */
  start(): void {
    const missing = [...Object.values(JOB_KIND), ...this.jobs.all().map((job) => job.kind)].filter(
      (kind) => !this.handlers.has(kind),
    );
    if (missing.length > 0)
      throw new Error(`No handler for job kind(s): ${[...new Set(missing)].join(', ')}.`);
    this.started = true;
    this.arm();
  }

  schedule<Data>(kind: JobKind, delayMs: number, data: Data): Job {
    if (!this.handlers.has(kind)) throw new Error(`No handler for job kind "${kind}".`);
    const job = this.jobs.insert({ id: newId(ID_PREFIX.job), kind, runAt: this.clock.now() + delayMs, data });
    this.arm();
    return job;
  }

  pending(): Job[] {
    return this.jobs.all().filter((job) => !this.running.has(job.id));
  }

  /** Stops the timer and waits for running handlers (their follow-up jobs stay stored). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled(this.running.values());
  }

  private arm(): void {
    if (!this.started || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = this.pending().reduce<number | null>(
      (earliest, job) => (earliest === null || job.runAt < earliest ? job.runAt : earliest),
      null,
    );
    if (next === null) return;
    this.timer = setTimeout(
      () => this.runDue(),
      Math.min(Math.max(next - this.clock.now(), 0), MAX_TIMER_MS),
    );
    this.timer.unref();
  }

  private runDue(): void {
    this.timer = null;
    const now = this.clock.now();
    // In order of their time, also when a stalled event loop finds several due at once.
    const due = this.pending()
      .filter((job) => job.runAt <= now)
      .sort((a, b) => a.runAt - b.runAt);
    for (const job of due) this.running.set(job.id, this.run(job));
    this.arm();
  }

  private async run(job: Job): Promise<void> {
    try {
      await (this.handlers.get(job.kind) as (data: unknown) => Promise<void> | void)(job.data);
    } catch (error) {
      this.logger.error({ err: error, job: { id: job.id, kind: job.kind } }, 'sandbox job failed');
    } finally {
      this.running.delete(job.id);
      this.jobs.delete(job.id);
    }
  }
}
