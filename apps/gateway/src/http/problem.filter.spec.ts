import { ProblemError, serviceBusy } from '@kitty/nest-common';
import { BadRequestException, Logger, NotFoundException } from '@nestjs/common';

import { ProblemFilter, toProblem } from './problem.filter';

describe('toProblem', () => {
  const logger = { error: jest.fn(), warn: jest.fn() } as unknown as Logger;

  it('passes a service problem through unchanged', () => {
    const problem = { type: 'about:blank', status: 409, title: 'Email already registered', detail: 'x' };
    expect(toProblem(new ProblemError(problem), logger)).toEqual(problem);
  });

  it('keeps the code services branch on off the HTTP answer, and its words as they are', () => {
    const error = ProblemError.coded('insufficient-funds', 400, 'Insufficient funds', 'Not enough.');
    expect(toProblem(error, logger)).toEqual({
      type: 'about:blank',
      status: 400,
      title: 'Insufficient funds',
      detail: 'Not enough.',
    });
  });

  it('maps Nest HTTP exceptions', () => {
    expect(toProblem(new NotFoundException('Cannot GET /api/x'), logger)).toMatchObject({
      status: 404,
      title: 'Not found',
      detail: 'Cannot GET /api/x',
    });
    expect(toProblem(new BadRequestException(['a', 'b']), logger).detail).toBe('a b');
  });

  it("keeps Fastify's own 4xx errors (bad JSON, too large) as 4xx", () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    expect(toProblem(tooLarge, logger)).toMatchObject({ status: 413, title: 'Payload too large' });
  });

  it('answers 503, try again, when Redis was out of reach (a cluster master failing over)', () => {
    expect(toProblem(new Error('Connection is closed.'), logger)).toEqual({
      type: 'about:blank',
      status: 503,
      title: 'Service unavailable',
      detail: 'Please try again in a moment.',
    });
  });

  it('hides unexpected errors behind a generic 500 and logs the stack', () => {
    const problem = toProblem(new Error('db password is hunter2'), logger);
    expect(problem).toEqual({
      type: 'about:blank',
      status: 500,
      title: 'Internal error',
      detail: 'Something went wrong. Please try again later.',
    });
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('hunter2'));
  });
});

describe('ProblemFilter', () => {
  function replyRecorder() {
    const headers: Record<string, string> = {};
    const reply: Record<string, jest.Mock> = {};
    reply.header = jest.fn((name: string, value: string) => ((headers[name] = value), reply));
    for (const method of ['status', 'type', 'send']) reply[method] = jest.fn(() => reply);
    const host = {
      switchToHttp: () => ({
        getRequest: () => ({ method: 'POST', url: '/api/x' }),
        getResponse: () => reply,
      }),
    };
    return { headers, reply, host };
  }

  it("sends a 429 problem's retryAfterSeconds as the Retry-After header", () => {
    const { headers, reply, host } = replyRecorder();
    const limited = {
      type: 'about:blank',
      status: 429,
      title: 'Too many e-mails',
      retryAfterSeconds: 3600.2,
    };
    new ProblemFilter('').catch(new ProblemError(limited), host as never);
    expect(headers).toEqual({ 'retry-after': '3601' });
    expect(reply.status).toHaveBeenCalledWith(429);
    expect(reply.send).toHaveBeenCalledWith(limited);
  });

  it('tells a caller of a service too busy to begin when to try again (503 with Retry-After)', () => {
    const { headers, reply, host } = replyRecorder();
    new ProblemFilter('').catch(serviceBusy(), host as never);
    expect(headers).toEqual({ 'retry-after': '1' });
    expect(reply.status).toHaveBeenCalledWith(503);
  });
});
