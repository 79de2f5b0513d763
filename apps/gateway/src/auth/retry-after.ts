import { ProblemError } from '@kitty/nest-common';
import type { FastifyReply } from 'fastify';

/**
 * Auth's 429 problems (per-account sign-in, per-session refresh) say how long to wait in the
 * `retryAfterSeconds` extension member; HTTP clients read it as the standard Retry-After header.
 */
export async function withRetryAfter<T>(reply: FastifyReply, answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    const seconds =
      error instanceof ProblemError && error.problem.status === 429
        ? (error.problem as { retryAfterSeconds?: unknown }).retryAfterSeconds
        : undefined;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) {
      reply.header('retry-after', String(Math.ceil(seconds)));
    }
    throw error;
  }
}
