import { renderHook } from '@testing-library/react';

import { useIdempotentAction } from './use-idempotent-action';

const failure = (status: number | 'FETCH_ERROR') => ({ status, data: { title: 'x' } });

describe('useIdempotentAction', () => {
  it('reuses the key while the user retries the same request after a lost or busy answer', async () => {
    const { result } = renderHook(() => useIdempotentAction());
    const keys: string[] = [];
    const attempt = (outcome: unknown) =>
      result.current({ amountPence: 100 }, async (key) => {
        keys.push(key);
        if (outcome) throw outcome;
        return 'done';
      });

    await expect(attempt(failure('FETCH_ERROR'))).rejects.toBeDefined();
    await expect(attempt(failure(503))).rejects.toBeDefined();
    await expect(attempt(failure(409))).rejects.toBeDefined();
    await expect(attempt(null)).resolves.toBe('done');

    expect(new Set(keys).size).toBe(1);
  });

  it('takes a fresh key after a success, a refusal, or for another request', async () => {
    const { result } = renderHook(() => useIdempotentAction());
    const keys: string[] = [];
    const send = (request: unknown, outcome: unknown = null) =>
      result.current(request, async (key) => {
        keys.push(key);
        if (outcome) throw outcome;
      });

    await send({ amountPence: 100 });
    await send({ amountPence: 100 });
    await send({ amountPence: 100 }, failure(400)).catch(() => undefined);
    await send({ amountPence: 100 });
    await send({ amountPence: 200 });

    expect(new Set(keys).size).toBe(5);
  });
});
