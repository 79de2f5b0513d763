/** A job as QueueRegistry.addBulk takes it: a deterministic id, its name and its data. */
export interface QueuedJob {
  id: string;
  name: string;
  data: unknown;
}

interface Waiting {
  job: QueuedJob;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Most jobs sent to Redis in one transaction. */
export const MAX_COALESCED_JOBS = 100;

/**
 * Jobs added in the same turn of the event loop go to each queue in one addBulk (one round trip, one
 * Redis transaction): under load, a transaction per job was most of the webhook intake's CPU (BullMQ
 * builds a pipeline object per call). Each caller's promise settles with its batch: all added, or all
 * refused with the error — ids are deterministic, so a caller that retries adds nothing twice.
 */
export class JobCoalescer {
  private waiting = new Map<string, Waiting[]>();
  private scheduled = false;

  constructor(private readonly addBulk: (queueName: string, jobs: QueuedJob[]) => Promise<void>) {}

  add(queueName: string, job: QueuedJob): Promise<void> {
    return new Promise((resolve, reject) => {
      const forQueue = this.waiting.get(queueName) ?? [];
      forQueue.push({ job, resolve, reject });
      this.waiting.set(queueName, forQueue);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batches = this.waiting;
    this.waiting = new Map();
    for (const [queueName, waiting] of batches) {
      for (let start = 0; start < waiting.length; start += MAX_COALESCED_JOBS) {
        const batch = waiting.slice(start, start + MAX_COALESCED_JOBS);
        this.addBulk(
          queueName,
          batch.map((entry) => entry.job),
        ).then(
          () => batch.forEach((entry) => entry.resolve()),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        );
      }
    }
  }
}
