import { defineJob, defineQueue } from '@kitty/contracts';
import { type Job, UnrecoverableError } from 'bullmq';
import { z } from 'zod';

import { handleJob, startQueueWorker } from './queue-worker';

const options = { redisUrl: 'redis://127.0.0.1:1', prefix: 'x', concurrency: 1 };

describe('startQueueWorker', () => {
  const queue = defineQueue('test-queue', ['a.v1', 'b.v1']);
  const a = defineJob(queue, 'a.v1', z.object({}));

  it('refuses to start when a job name of the queue has no handler', () => {
    expect(() => startQueueWorker(queue, [handleJob(a, async () => undefined)], options)).toThrow(
      'Queue test-queue has no handler for: b.v1',
    );
  });

  it('refuses to start with a handler of another queue', () => {
    const other = defineJob(defineQueue('other-queue', ['a.v1']), 'a.v1', z.object({}));
    expect(() => startQueueWorker(queue, [handleJob(other, async () => undefined)], options)).toThrow(
      'Queue test-queue was given a handler of other-queue: a.v1',
    );
  });
});

describe('handleJob', () => {
  const job = defineJob(defineQueue('q', ['j.v1']), 'j.v1', z.object({ id: z.string() }));

  it("hands the handler the payload parsed by the job's schema", async () => {
    const seen: unknown[] = [];
    const handler = handleJob(job, async (payload) => void seen.push(payload));
    await handler.run({ id: '1', extra: true }, {} as Job);
    expect(seen).toEqual([{ id: '1' }]);
  });

  it('discards a payload that does not match, without retry', async () => {
    const handler = handleJob(job, async () => undefined);
    await expect(handler.run({ id: 1 }, {} as Job)).rejects.toBeInstanceOf(UnrecoverableError);
  });
});
