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
