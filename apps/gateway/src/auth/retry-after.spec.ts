import { ProblemError } from '@kitty/nest-common';
import type { FastifyReply } from 'fastify';

import { withRetryAfter } from './retry-after';

function fakeReply() {
  const headers: Record<string, string> = {};
  const reply = { header: (name: string, value: string) => void (headers[name] = value) };
  return { reply: reply as unknown as FastifyReply, headers };
}

describe('withRetryAfter', () => {
  it("turns a 429 problem's retryAfterSeconds into Retry-After and rethrows", async () => {
    const { reply, headers } = fakeReply();
    const limited = new ProblemError({
      type: 'about:blank',
      status: 429,
      title: 'Too many requests',
      retryAfterSeconds: 12.2,
    } as ProblemError['problem']);
    await expect(withRetryAfter(reply, Promise.reject(limited))).rejects.toBe(limited);
    expect(headers).toEqual({ 'retry-after': '13' });
  });

  it('leaves other answers alone', async () => {
    const { reply, headers } = fakeReply();
    await expect(withRetryAfter(reply, Promise.resolve('ok'))).resolves.toBe('ok');
    await expect(withRetryAfter(reply, Promise.reject(ProblemError.of(401, 'No')))).rejects.toBeInstanceOf(
      ProblemError,
    );
    expect(headers).toEqual({});
  });
});
