import type { z } from 'zod';

/**
 * A durable BullMQ queue: its name, the job names it carries and the retry policy every producer uses.
 * Consumers must handle every job name listed here (checked at boot).
 */
export interface QueueDefinition<JobName extends string = string> {
  readonly name: string;
  readonly jobs: readonly JobName[];
  readonly jobOptions: {
    readonly attempts: number;
    readonly backoff: { readonly type: 'exponential'; readonly delay: number };
    readonly removeOnComplete: { readonly age: number; readonly count: number };
    readonly removeOnFail: { readonly age: number };
  };
}

const DAY_SECONDS = 24 * 60 * 60;

/** Retry for about an hour (1 s doubling, 12 attempts); keep completed jobs a day for de-duplication. */
export const STANDARD_JOB_OPTIONS: QueueDefinition['jobOptions'] = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: DAY_SECONDS, count: 10_000 },
  removeOnFail: { age: 14 * DAY_SECONDS },
};

export function defineQueue<const JobName extends string>(
  name: string,
  jobs: readonly JobName[],
  jobOptions = STANDARD_JOB_OPTIONS,
): QueueDefinition<JobName> {
  return { name, jobs, jobOptions };
}

/**
 * One durable job: the queue it travels on, its versioned name and its payload schema. Producers (the
 * outbox) and processors both take the definition, never a bare name, so a payload is checked on both ends.
 */
export interface JobContract<Payload extends z.ZodType = z.ZodType> {
  readonly queue: QueueDefinition;
  readonly name: string;
  readonly payload: Payload;
}

export function defineJob<JobName extends string, Payload extends z.ZodType>(
  queue: QueueDefinition<JobName>,
  name: NoInfer<JobName>,
  payload: Payload,
): JobContract<Payload> {
  return { queue, name, payload };
}

/** What a producer writes (before parsing) and what a processor is handed (after it). */
export type JobPayload<Job extends JobContract> = z.input<Job['payload']>;
export type JobData<Job extends JobContract> = z.output<Job['payload']>;
