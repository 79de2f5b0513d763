import type { ArgumentsHost } from '@nestjs/common';
import { firstValueFrom } from 'rxjs';

import { ProblemError } from '../errors';
import { isTransactionNotStarted, ServiceBusyFilter } from './service-busy.filter';

const notStarted = Object.assign(
  new Error('Transaction API error: Unable to start a transaction in the given time.'),
  { code: 'P2028' },
);
const expiredMidway = Object.assign(
  new Error(
    'Transaction API error: Transaction already closed: the timeout for this transaction was 10000 ms.',
  ),
  { code: 'P2028' },
);

/** What a caller of the handler would be sent for `exception`. */
function replyFor(exception: unknown): Promise<unknown> {
  const host = { getType: () => 'rpc' } as unknown as ArgumentsHost;
  return firstValueFrom(new ServiceBusyFilter().catch(exception, host)).catch((error: unknown) => error);
}

describe('a service too busy to begin a request', () => {
  it('tells only a transaction that never began from one that expired part-way', () => {
    expect(isTransactionNotStarted(notStarted)).toBe(true);
    expect(isTransactionNotStarted(expiredMidway)).toBe(false);
    expect(isTransactionNotStarted(new Error('Unable to start a transaction'))).toBe(false);
    expect(isTransactionNotStarted(null)).toBe(false);
  });

  it('answers a transaction that never began with 503 and when to try again', async () => {
    expect(await replyFor(notStarted)).toMatchObject({
      status: 503,
      title: 'Service busy',
      retryAfterSeconds: 1,
    });
  });

  it('leaves problems as they are and hides other failures behind a 500', async () => {
    expect(await replyFor(ProblemError.of(404, 'Pot not found'))).toMatchObject({
      status: 404,
      title: 'Pot not found',
    });
    expect(await replyFor(expiredMidway)).toEqual({ status: 'error', message: 'Internal server error' });
  });
});
