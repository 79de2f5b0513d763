import type { Tx } from '../prisma.service';

/** Who asked for a top-up request, and what they asked it into. */
export interface TopUpRequestRow {
  requester_id: string;
  target_name: string;
}

/** The top-up request a credited top-up paid (undefined: no such request). */
export async function topUpRequest(tx: Tx, requestId: string): Promise<TopUpRequestRow | undefined> {
  const [request] = await tx.$queryRawUnsafe<TopUpRequestRow[]>(
    `SELECT requester_id::text, target_name FROM top_up_requests WHERE id = $1::uuid`,
    requestId,
  );
  return request;
}
