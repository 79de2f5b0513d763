import type { NotifyJob } from '@kitty/contracts';

import type { PrismaService } from '../prisma.service';

/** The notification centre's raw statements: each saves round trips on a path every top-up and expense takes. */
type Db = Pick<PrismaService, '$queryRawUnsafe'>;

/** The e-mail of a notification, as its outbox row. */
export interface NotificationEmail {
  queue: string;
  jobName: string;
  /** The job's data, as JSON text. */
  payload: string;
}

interface MadeRow {
  emailed: boolean;
}

/**
 * Writes the notification and, when it is e-mailed, its e-mail's outbox row, in one autocommitted
 * statement — or neither when its key exists. Returns the row made (undefined: an earlier delivery made it).
 */
export async function insertNotification(
  db: Db,
  job: Pick<NotifyJob, 'key' | 'userId' | 'kind' | 'title' | 'body' | 'link'>,
  channels: { inApp: boolean; email: NotificationEmail | null },
): Promise<MadeRow | undefined> {
  const { email } = channels;
  const [made] = await db.$queryRawUnsafe<MadeRow[]>(
    `WITH made AS (
       INSERT INTO notifications (id, key, user_id, kind, title, body, link, in_app, emailed)
       VALUES (gen_random_uuid(), $1, $2::uuid, $3, $4, $5, $6, $7::boolean, $8::boolean)
       ON CONFLICT (key) DO NOTHING
       RETURNING emailed
     ), emailed AS (
       INSERT INTO outbox (id, queue, job_name, payload)
       SELECT gen_random_uuid(), $9::text, $10::text, $11::jsonb FROM made WHERE made.emailed
     )
     SELECT emailed FROM made`,
    job.key,
    job.userId,
    job.kind,
    job.title,
    job.body,
    job.link,
    channels.inApp,
    email !== null,
    email?.queue ?? null,
    email?.jobName ?? null,
    email?.payload ?? null,
  );
  return made;
}

interface DoneRow {
  user_id: string;
  in_app: boolean;
}

/** Marks the keys' notifications done (those already done are left); the rows it marked. */
export function markNotificationsDone(db: Db, keys: string[]): Promise<DoneRow[]> {
  return db.$queryRawUnsafe<DoneRow[]>(
    `UPDATE notifications SET done_at = now()
      WHERE key = ANY($1::text[]) AND done_at IS NULL
      RETURNING user_id::text, in_app`,
    keys,
  );
}

interface SeenRow {
  notified: boolean;
  /** The user's choice for the kind; null when they never made one. */
  in_app: boolean | null;
  email: boolean | null;
}

/** Whether the job's key was notified already, and the channels the user chose for its kind, in one read. */
export async function notifiedAndChosen(
  db: Db,
  job: Pick<NotifyJob, 'key' | 'userId' | 'kind'>,
): Promise<SeenRow | undefined> {
  const [row] = await db.$queryRawUnsafe<SeenRow[]>(
    `SELECT EXISTS (SELECT 1 FROM notifications WHERE key = $1) AS notified, chosen.in_app, chosen.email
       FROM (SELECT 1) AS one
       LEFT JOIN notification_preferences AS chosen ON chosen.user_id = $2::uuid AND chosen.kind = $3`,
    job.key,
    job.userId,
    job.kind,
  );
  return row;
}
