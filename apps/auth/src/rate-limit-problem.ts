import type { Problem } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';

/** A 429 whose `retryAfterSeconds` extension member becomes the gateway's Retry-After header. */
export function tooManyRequests(title: string, detail: string, retryAfterSeconds: number): ProblemError {
  const problem: Problem & { retryAfterSeconds: number } = {
    type: 'about:blank',
    status: 429,
    title,
    detail,
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  };
  return new ProblemError(problem);
}
