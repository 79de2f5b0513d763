import type { QueueDefinition } from '@kitty/contracts';
import { Logger } from '@nestjs/common';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { z } from 'zod';

import { runWithRequestId, takeRequestId } from '../context';
import { queueJobsProcessed } from '../metrics';
import { redisOptionsFromUrl } from '../redis';
import { drainOnShutdown } from '../shutdown';

export type JobHandlers<JobName extends string> = Record<JobName, (data: unknown, job: Job) => Promise<void>>;

export interface WorkerOptions {
  redisUrl: string;
  prefix: string;
  concurrency: number;
}

/**
 * Consumes one queue. Refuses to start unless every job name of the queue has a handler (a job nobody
 * handles would otherwise sit in Redis until it expires); an unknown job name is discarded, not retried.
 * Handlers run in the request-id context the job was stamped with, and get its data without the stamp.
 */
export function startQueueWorker<JobName extends string>(
  definition: QueueDefinition<JobName>,
  handlers: JobHandlers<JobName>,
  options: WorkerOptions,
): Worker {
  const missing = definition.jobs.filter((name) => typeof handlers[name] !== 'function');
  if (missing.length > 0)
    throw new Error(`Queue ${definition.name} has no handler for: ${missing.join(', ')}`);
  const logger = new Logger(`Worker:${definition.name}`);

  const worker = new Worker(
    definition.name,
    async (job) => {
      const handler = (handlers as Record<string, JobHandlers<JobName>[JobName] | undefined>)[job.name];
      if (!handler) throw new UnrecoverableError(`Unknown job ${job.name}`);
      const { data, requestId } = takeRequestId(job.data);
      await runWithRequestId(requestId, () => handler(data, job));
    },
    {
      connection: redisOptionsFromUrl(options.redisUrl),
      prefix: options.prefix,
      concurrency: options.concurrency,
    },
  );
  worker.on('completed', (job) =>
    queueJobsProcessed.inc({ queue: definition.name, job: job.name, outcome: 'completed' }),
  );
  worker.on('failed', (job, error) => {
    queueJobsProcessed.inc({ queue: definition.name, job: job?.name ?? 'unknown', outcome: 'failed' });
    runWithRequestId(takeRequestId(job?.data).requestId, () =>
      logger.warn(`Job ${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`),
    );
  });
  worker.on('error', (error) => logger.error(error.message));
  // Shutdown waits for the jobs running now; close() is idempotent, so the owner may close it too.
  const undoDrain = drainOnShutdown('intake', () => worker.close());
  worker.on('closed', undoDrain);
  return worker;
}

/** A job payload that does not match its contract will never succeed: discard it instead of retrying. */
export function parseJob<Schema extends z.ZodType>(schema: Schema, data: unknown): z.infer<Schema> {
  const result = schema.safeParse(data);
  if (!result.success) throw new UnrecoverableError(`Invalid job payload: ${z.prettifyError(result.error)}`);
  return result.data;
}
