import type { JobContract, JobData, QueueDefinition } from '@kitty/contracts';
import { Logger } from '@nestjs/common';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { z } from 'zod';

import { runWithRequestId, takeRequestId } from '../context';
import { queueJobsProcessed } from '../metrics';
import { drainOnShutdown } from '../shutdown';
import { queueConnection } from './queue-connection';

/** How a processor handles one job: the job's definition and a handler of its parsed payload. */
export interface JobHandler {
  readonly job: JobContract;
  run(data: unknown, job: Job): Promise<unknown>;
}

/**
 * Handles one job of a queue with its payload parsed by the job's schema. A payload that does not match
 * will never succeed, so it is discarded instead of retried. What the handler returns is kept as the job's
 * return value (bull-board shows it beside the job).
 */
export function handleJob<Contract extends JobContract>(
  contract: Contract,
  handle: (payload: JobData<Contract>, job: Job) => Promise<unknown>,
): JobHandler {
  return {
    job: contract,
    run: async (data, job) => {
      const parsed = contract.payload.safeParse(data);
      if (!parsed.success)
        throw new UnrecoverableError(`Invalid job payload: ${z.prettifyError(parsed.error)}`);
      return handle(parsed.data as JobData<Contract>, job);
    },
  };
}

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
export function startQueueWorker(
  definition: QueueDefinition,
  handlers: readonly JobHandler[],
  options: WorkerOptions,
): Worker {
  const stray = handlers.find((handler) => handler.job.queue.name !== definition.name);
  if (stray)
    throw new Error(
      `Queue ${definition.name} was given a handler of ${stray.job.queue.name}: ${stray.job.name}`,
    );
  const byName = new Map(handlers.map((handler) => [handler.job.name, handler]));
  const missing = definition.jobs.filter((name) => !byName.has(name));
  if (missing.length > 0)
    throw new Error(`Queue ${definition.name} has no handler for: ${missing.join(', ')}`);
  const logger = new Logger(`Worker:${definition.name}`);

  const { connection, prefix, close } = queueConnection(options.redisUrl, options.prefix, definition.name);
  const worker = new Worker(
    definition.name,
    async (job) => {
      const handler = byName.get(job.name);
      if (!handler) throw new UnrecoverableError(`Unknown job ${job.name}`);
      const { data, requestId } = takeRequestId(job.data);
      return runWithRequestId(requestId, () => handler.run(data, job));
    },
    { connection, prefix, concurrency: options.concurrency },
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
  worker.on('closed', () => {
    undoDrain();
    void close();
  });
  return worker;
}
