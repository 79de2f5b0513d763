import type { ServiceProblem } from '@kitty/contracts';
import { type ArgumentsHost, Catch } from '@nestjs/common';
import { BaseRpcExceptionFilter } from '@nestjs/microservices';
import type { Observable } from 'rxjs';

import { ProblemError } from '../errors';

/**
 * Prisma's refusal to begin a transaction because no pooled connection came free in time (P2028, before
 * anything ran). Other P2028 failures (a transaction that expired mid-way) are not this: work had started.
 */
export function isTransactionNotStarted(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'P2028' && typeof message === 'string' && message.includes('Unable to start a transaction');
}

/** What a caller hears when the service was too busy to begin its request: nothing was done. */
export function serviceBusy(): ProblemError {
  const problem: ServiceProblem & { retryAfterSeconds: number } = {
    type: 'about:blank',
    status: 503,
    title: 'Service busy',
    detail: 'Kitty is very busy right now and did nothing with this request. Please try again in a moment.',
    retryAfterSeconds: 1,
  };
  return new ProblemError(problem);
}

/**
 * A service's handlers' errors as their callers hear them: a transaction that never began is an honest
 * 503 with Retry-After (the command did not run, so a retry with the same key is safe), not a 500.
 */
@Catch()
export class ServiceBusyFilter extends BaseRpcExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): Observable<unknown> {
    return super.catch(isTransactionNotStarted(exception) ? serviceBusy() : exception, host);
  }
}
