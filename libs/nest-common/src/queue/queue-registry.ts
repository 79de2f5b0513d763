import type { JobContract, JobPayload, QueueDefinition } from '@kitty/contracts';
import { Queue } from 'bullmq';

import { withRequestId } from '../context';
import { trackQueueDepth } from '../metrics';
import { JobCoalescer, type QueuedJob } from './job-coalescer';
import { type QueueConnection, queueConnection } from './queue-connection';

/** Producer side of the durable queues a process writes to; every add uses the queue's named job options. */
export class QueueRegistry {
  private readonly queues = new Map<
    string,
    { definition: QueueDefinition; queue: Queue; connection: QueueConnection }
  >();
  private readonly untrackDepth: () => void;
  private readonly coalescer = new JobCoalescer((queueName, jobs) => this.addBulk(queueName, jobs));

  constructor(redisUrl: string, prefix: string, definitions: readonly QueueDefinition[]) {
    for (const definition of definitions) {
      const connection = queueConnection(redisUrl, prefix, definition.name);
      const queue = new Queue(definition.name, connection);
      this.queues.set(definition.name, { definition, queue, connection });
    }
    this.untrackDepth = trackQueueDepth(this.all());
  }

  /**
   * Adds jobs with deterministic ids, so adding the same job twice is harmless; inside a request the
   * data is stamped with its id (see startQueueWorker).
   */
  async addBulk(queueName: string, jobs: QueuedJob[]): Promise<void> {
    const entry = this.queues.get(queueName);
    if (!entry) throw new Error(`No producer registered for queue ${queueName}`);
    await entry.queue.addBulk(
      jobs.map((job) => ({
        name: job.name,
        data: withRequestId(job.data),
        opts: { ...entry.definition.jobOptions, jobId: job.id },
      })),
    );
  }

  /**
   * Adds one job of a definition, together with the others added in the same turn of the event loop (see JobCoalescer):
   * for callers that each add one job under load, such as the webhook intake.
   */
  add<Job extends JobContract>(job: Job, id: string, payload: JobPayload<Job>): Promise<void> {
    // Stamped here, inside the caller's request: the batch is sent from another turn of the loop.
    return this.coalescer.add(job.queue.name, { id, name: job.name, data: withRequestId(payload) });
  }

  /** The queues this process has producers for. */
  names(): string[] {
    return [...this.queues.keys()];
  }

  all(): Queue[] {
    return [...this.queues.values()].map((entry) => entry.queue);
  }

  async close(): Promise<void> {
    this.untrackDepth();
    await Promise.all(
      [...this.queues.values()].map(async ({ queue, connection }) => {
        await queue.close();
        await connection.close();
      }),
    );
  }
}
