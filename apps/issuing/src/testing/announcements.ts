// What payments is told of payment accounts, read from issuing's outbox, for the specs.
import { IssuingJobs, PaymentAccountChangedJob } from '@kitty/contracts';
import type { OutboxRelay } from '@kitty/nest-common';

import { ISSUING_SCHEMA, type PrismaService } from '../prisma.service';

/** The relay is not running in these specs: they read the outbox table instead. */
export const idleRelay = { kick: () => undefined } as unknown as OutboxRelay;

/** The newest announcement of the user's payment account to payments, or null when there was none. */
export async function announcedAccount(
  prisma: PrismaService,
  userId: string,
): Promise<PaymentAccountChangedJob | null> {
  const rows = await prisma.outboxMessage.findMany({
    where: { jobName: IssuingJobs.paymentAccountChanged.name, payload: { path: ['userId'], equals: userId } },
  });
  const announced = rows.map((row) => PaymentAccountChangedJob.parse(row.payload));
  return announced.sort((a, b) => b.version - a.version)[0] ?? null;
}

/**
 * Makes every write of an announcement to payments fail until the returned function is called: a change
 * announced in its own transaction then does not happen either.
 */
export async function refuseAnnouncements(prisma: PrismaService): Promise<() => Promise<void>> {
  await prisma.$executeRawUnsafe(
    `CREATE FUNCTION "${ISSUING_SCHEMA}".refuse_announcement() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'announcement refused'; END $$`,
  );
  await prisma.$executeRawUnsafe(
    `CREATE TRIGGER refuse_announcement BEFORE INSERT ON "${ISSUING_SCHEMA}"."outbox"
     FOR EACH ROW WHEN (NEW.job_name = '${IssuingJobs.paymentAccountChanged.name}')
     EXECUTE FUNCTION "${ISSUING_SCHEMA}".refuse_announcement()`,
  );
  return async () => {
    await prisma.$executeRawUnsafe(`DROP TRIGGER refuse_announcement ON "${ISSUING_SCHEMA}"."outbox"`);
    await prisma.$executeRawUnsafe(`DROP FUNCTION "${ISSUING_SCHEMA}".refuse_announcement()`);
  };
}
