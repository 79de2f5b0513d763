import { httpStatusOf, IdempotencyKeys, isTransientFailure } from '@kitty/api-client';
import { useState } from 'react';

/**
 * Sends a money-moving command with one Idempotency-Key per user action (ADR 0011): the same key when
 * the user tries the same request again after a lost or failed answer (so it can never run twice), a
 * fresh one once the action had a final answer — done, or refused — or the request changed.
 */
export function useIdempotentAction() {
  const [keys] = useState(() => new IdempotencyKeys());
  return async function send<T>(request: unknown, command: (idempotencyKey: string) => Promise<T>) {
    try {
      const result = await command(keys.keyFor(request));
      keys.settle();
      return result;
    } catch (error) {
      // 409: the first try is still running; it may yet answer the same key.
      if (!isTransientFailure(error) && httpStatusOf(error) !== 409) keys.settle();
      throw error;
    }
  };
}
