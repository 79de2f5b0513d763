import type { PaymentsCaller } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';

import type { TopUpRequest } from '../generated/prisma/client';
import type { PrismaService, Tx } from '../prisma.service';

export const requestNotFound = () => ProblemError.of(404, 'Not found', 'No such top-up request.');

/**
 * A top-up request exists only for its requester and the people it was sent to (by e-mail address);
 * to anyone else it is a 404, so ids cannot be probed.
 */
export async function findReadableRequest(
  db: PrismaService | Tx,
  requestId: string,
  caller: PaymentsCaller,
): Promise<TopUpRequest> {
  const request = await db.topUpRequest.findUnique({ where: { id: requestId } });
  if (!request || !canRead(request, caller)) throw requestNotFound();
  return request;
}

export function canRead(request: Pick<TopUpRequest, 'requesterId' | 'recipients'>, caller: PaymentsCaller) {
  return (
    request.requesterId === caller.userId || request.recipients.includes(caller.email.trim().toLowerCase())
  );
}
