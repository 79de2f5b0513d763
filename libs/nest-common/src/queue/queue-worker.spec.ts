import { defineQueue } from '@kitty/contracts';
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';

import { parseJob, startQueueWorker } from './queue-worker';

describe('startQueueWorker', () => {
  it('refuses to start when a job name of the queue has no handler', () => {
    const queue = defineQueue('test-queue', ['a.v1', 'b.v1']);
    const handlers = { 'a.v1': async () => undefined } as unknown as Parameters<typeof startQueueWorker>[1];
    expect(() =>
      startQueueWorker(queue, handlers, { redisUrl: 'redis://127.0.0.1:1', prefix: 'x', concurrency: 1 }),
    ).toThrow('Queue test-queue has no handler for: b.v1');
  });
});

describe('parseJob', () => {
  it('returns valid payloads and discards invalid ones without retry', () => {
    const schema = z.object({ id: z.string() });
    expect(parseJob(schema, { id: '1' })).toEqual({ id: '1' });
    expect(() => parseJob(schema, { id: 1 })).toThrow(UnrecoverableError);
  });
});
