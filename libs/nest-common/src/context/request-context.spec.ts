import {
  currentRequestId,
  JOB_REQUEST_ID_KEY,
  requestIdFrom,
  runWithRequestId,
  takeRequestId,
  withRequestId,
} from './request-context';

describe('request context', () => {
  it('keeps a plain caller id and replaces anything else with a UUID', () => {
    expect(requestIdFrom('req-42.a:b_c')).toBe('req-42.a:b_c');
    for (const unusable of [undefined, '', 'has space', 'x'.repeat(129), '<script>', ['a', 'b'], 42])
      expect(requestIdFrom(unusable)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
  });

  it('follows asynchronous work started inside the request', async () => {
    const seen = await runWithRequestId('r-1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestId();
    });
    expect(seen).toBe('r-1');
    expect(currentRequestId()).toBeUndefined();
  });

  it('stamps job data only inside a request and never over an existing stamp', () => {
    expect(withRequestId({ a: 1 })).toEqual({ a: 1 });
    runWithRequestId('r-2', () => {
      expect(withRequestId({ a: 1 })).toEqual({ a: 1, [JOB_REQUEST_ID_KEY]: 'r-2' });
      expect(withRequestId({ a: 1, [JOB_REQUEST_ID_KEY]: 'r-1' })).toEqual({
        a: 1,
        [JOB_REQUEST_ID_KEY]: 'r-1',
      });
      expect(withRequestId(['not', 'an', 'object'])).toEqual(['not', 'an', 'object']);
    });
  });

  it('hands a job handler its data without the stamp', () => {
    expect(takeRequestId({ a: 1, [JOB_REQUEST_ID_KEY]: 'r-3' })).toEqual({
      data: { a: 1 },
      requestId: 'r-3',
    });
    expect(takeRequestId({ a: 1 })).toEqual({ data: { a: 1 } });
    expect(takeRequestId('text')).toEqual({ data: 'text' });
  });
});
