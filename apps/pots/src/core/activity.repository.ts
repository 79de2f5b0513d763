import type { Prisma } from '../generated/prisma/client';
import type { Tx } from '../prisma.service';

export const addActivity = (tx: Tx, entry: Prisma.ActivityEventUncheckedCreateInput) =>
  tx.activityEvent.create({ data: entry });

/** Adds the entries whose ids are new; how many were. */
export async function addNewActivity(tx: Tx, entries: Prisma.ActivityEventCreateManyInput[]): Promise<number> {
  const { count } = await tx.activityEvent.createMany({ data: entries, skipDuplicates: true });
  return count;
}
