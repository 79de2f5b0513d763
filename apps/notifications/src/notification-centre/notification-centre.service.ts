import {
  AuthRpc,
  DEFAULT_NOTIFICATION_CHANNELS,
  isSecurityNotice,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationInbox,
  type NotificationKind,
  type NotificationPreference,
  type NotificationPreferences,
  NOTIFICATIONS_LISTED,
  NotificationsJobs,
  type NotifyJob,
} from '@kitty/contracts';
import { LivePublisher, outboxMessage, OutboxRelay, ProblemError, RpcClient } from '@kitty/nest-common';
import { Inject, Injectable, Logger } from '@nestjs/common';

import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { PrismaService } from '../prisma.service';
import {
  insertNotification,
  markNotificationsDone,
  notifiedAndChosen,
} from './notification-centre.repository';

type Channels = Pick<NotificationPreference, 'inApp' | 'email'>;

/** A security notice is shown in the app whatever the user chose; its e-mail comes from its own service. */
const SECURITY_NOTICE_CHANNELS: Channels = { inApp: true, email: false };

/**
 * The notification centre: each NotifyJob becomes one row per user and event (its key is
 * unique, so a redelivered job or a repeated event notifies once), shown in the app and e-mailed as the
 * user chose. The e-mail job is written to the outbox in the row's own transaction: it exists exactly
 * when the notification does, and the e-mail worker sends it once.
 */
@Injectable()
export class NotificationCentre {
  private readonly logger = new Logger(NotificationCentre.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly rpc: RpcClient,
    private readonly live: LivePublisher,
    private readonly relay: OutboxRelay,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: Pick<NotificationsConfig, 'PUBLIC_URL'>,
  ) {}

  /**
   * Returns whether this delivery made the notification (false: an earlier one did). One read, the
   * recipient from auth when the user wants it e-mailed, and one autocommitted statement that writes the
   * row and its e-mail's outbox row together, or neither when the key exists (every top-up
   * and expense notifies, so its round trips count).
   */
  async notify(job: NotifyJob): Promise<boolean> {
    const seen = await this.seen(job);
    // A redelivery stops here, before the RPC; the insert below is what guarantees once.
    if (seen.notified) return false;
    // Read before the write (an RPC inside a transaction would hold a connection); gone means no e-mail.
    const recipient = seen.email ? await this.recipient(job.userId) : null;
    const email =
      recipient &&
      outboxMessage(NotificationsJobs.sendEmail, {
        template: 'notification',
        to: recipient.email,
        data: {
          fullName: recipient.fullName,
          title: job.title,
          body: job.body,
          ...(job.details ? { details: job.details } : {}),
          url: new URL(job.link, this.config.PUBLIC_URL).toString(),
          preferencesUrl: new URL('/account#notifications', this.config.PUBLIC_URL).toString(),
        },
      });
    const made = await insertNotification(this.prisma, job, {
      inApp: seen.inApp,
      email: email && { queue: email.queue, jobName: email.jobName, payload: JSON.stringify(email.payload) },
    });
    if (made?.emailed) this.relay.kick();
    if (made && seen.inApp) await this.live.publish([job.userId], ['notifications']);
    return made !== undefined;
  }

  /**
   * The event these notifications asked about is over (see NotificationsDoneJob): they leave their users'
   * lists, whose open tabs are told. The rows stay, so a late redelivery of the request does not notify again.
   */
  async markDone(keys: string[]): Promise<void> {
    const rows = await markNotificationsDone(this.prisma, keys);
    const shown = [...new Set(rows.filter((row) => row.in_app).map((row) => row.user_id))];
    if (shown.length > 0) await this.live.publish(shown, ['notifications']);
  }

  async inbox(userId: string): Promise<NotificationInbox> {
    const listed = { userId, inApp: true, doneAt: null };
    const [rows, unreadCount] = await Promise.all([
      this.prisma.notification.findMany({
        where: listed,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: NOTIFICATIONS_LISTED,
      }),
      this.prisma.notification.count({ where: { ...listed, readAt: null } }),
    ]);
    return {
      unreadCount,
      notifications: rows.map((row) => ({
        id: row.id,
        kind: row.kind as NotificationKind,
        title: row.title,
        body: row.body,
        link: row.link,
        createdAt: row.createdAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
      })),
    };
  }

  /** Marks the caller's own notifications read (others' ids match nothing); all of them without ids. */
  async markRead(userId: string, ids: string[] | undefined): Promise<void> {
    const marked = await this.prisma.notification.updateMany({
      where: { userId, readAt: null, ...(ids && { id: { in: ids } }) },
      data: { readAt: new Date() },
    });
    // The user's other tabs lower their count too.
    if (marked.count > 0) await this.live.publish([userId], ['notifications']);
  }

  async preferences(userId: string): Promise<NotificationPreferences> {
    const rows = await this.prisma.notificationPreference.findMany({ where: { userId } });
    const chosen = new Map(rows.map((row) => [row.kind, row]));
    return {
      preferences: NOTIFICATION_KINDS.map((kind) => {
        const { inApp, email } = chosen.get(kind) ?? DEFAULT_NOTIFICATION_CHANNELS;
        return { kind, label: NOTIFICATION_KIND_LABELS[kind], inApp, email };
      }),
    };
  }

  async updatePreferences(
    userId: string,
    changes: NotificationPreference[],
  ): Promise<NotificationPreferences> {
    await this.prisma.$transaction(
      changes.map(({ kind, inApp, email }) =>
        this.prisma.notificationPreference.upsert({
          where: { userId_kind: { userId, kind } },
          create: { userId, kind, inApp, email },
          update: { inApp, email },
        }),
      ),
    );
    return this.preferences(userId);
  }

  /** The account was deleted: everything it was told, and its choices, go (idempotent). */
  async forget(userId: string): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.notification.deleteMany({ where: { userId } }),
      this.prisma.notificationPreference.deleteMany({ where: { userId } }),
    ]);
  }

  /** Whether this job's key was notified already, and the channels the user chose for its kind. */
  private async seen(job: NotifyJob): Promise<Channels & { notified: boolean }> {
    const row = await notifiedAndChosen(this.prisma, job);
    const chosen = isSecurityNotice(job.kind)
      ? SECURITY_NOTICE_CHANNELS
      : row?.in_app == null || row.email == null
        ? DEFAULT_NOTIFICATION_CHANNELS
        : { inApp: row.in_app, email: row.email };
    return { notified: row?.notified ?? false, ...chosen };
  }

  /** Where the e-mail goes: the account's address now (not when the event happened); null once deleted. */
  private async recipient(userId: string): Promise<{ email: string; fullName: string } | null> {
    try {
      const user = await this.rpc.call(AuthRpc.getUser, { userId });
      return { email: user.email, fullName: user.fullName };
    } catch (error) {
      if (error instanceof ProblemError && error.problem.status === 404) return null;
      // Auth unreachable: fail the job, which is retried with backoff (nothing was written yet).
      this.logger.warn(`Recipient of a notification unavailable: ${(error as Error).message}`);
      throw error;
    }
  }
}
