// What payments is told of payment accounts, read from issuing's outbox, for the specs.
import { IssuingJobs, PaymentAccountChangedJob } from '@kitty/contracts';
import { type OutboxRelay, sqlIdentifier } from '@kitty/nest-common';

import { ISSUING_SCHEMA, OUTBOX_TABLE, type PrismaService } from '../prisma.service';

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

const REFUSE_ANNOUNCEMENT = sqlIdentifier(ISSUING_SCHEMA, 'refuse_announcement');
/** A contract's own constant: DDL takes no parameters, so the trigger's condition names it in its text. */
const REFUSED_JOB = IssuingJobs.paymentAccountChanged.name;

/**
 * Makes every write of an announcement to payments fail until the returned function is called: a change
 * announced in its own transaction then does not happen either.
 */
export async function refuseAnnouncements(prisma: PrismaService): Promise<() => Promise<void>> {
  await prisma.$executeRawUnsafe(
    `CREATE FUNCTION ${REFUSE_ANNOUNCEMENT}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'announcement refused'; END $$`,
  );
  await prisma.$executeRawUnsafe(
    `CREATE TRIGGER refuse_announcement BEFORE INSERT ON ${OUTBOX_TABLE}
     FOR EACH ROW WHEN (NEW.job_name = '${REFUSED_JOB}')
     EXECUTE FUNCTION ${REFUSE_ANNOUNCEMENT}()`,
  );
  return async () => {
    await prisma.$executeRawUnsafe(`DROP TRIGGER refuse_announcement ON ${OUTBOX_TABLE}`);
    await prisma.$executeRawUnsafe(`DROP FUNCTION ${REFUSE_ANNOUNCEMENT}()`);
  };
}
