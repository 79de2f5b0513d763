import { z } from 'zod';

import {
  Acknowledged,
  apiRequestSchema,
  apiSchema,
  defineQueue,
  defineRpc,
  IsoDateTime,
  Uuid,
} from '../common';

/** What Kitty tells people about; each can be had in the app, by e-mail, both or neither. */
export const NOTIFICATION_KINDS = [
  'top_up_credited',
  'pot_funded',
  'card_purchase',
  'withdrawal_initiated',
  'withdrawal_paid',
  'withdrawal_failed',
  'withdrawal_declined',
  'pot_withdrawal',
  'withdrawal_approval',
  'card_spend_approval',
  'request_paid',
  'settled_up',
  'member_joined',
  'expense_added',
] as const;

/**
 * Security notices (the payout bank account changed): always shown in the app, whatever the preferences
 * say, and never e-mailed by the centre — the service that made the change sends its own security e-mail.
 */
export const SECURITY_NOTICE_KINDS = ['bank_account_changed'] as const;
export const isSecurityNotice = (kind: NotificationKind) =>
  (SECURITY_NOTICE_KINDS as readonly string[]).includes(kind);

export const NotificationKind = z.enum([...NOTIFICATION_KINDS, ...SECURITY_NOTICE_KINDS]);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** How the preferences read each kind a user can choose for. */
export const NOTIFICATION_KIND_LABELS: Record<(typeof NOTIFICATION_KINDS)[number], string> = {
  top_up_credited: 'Money you added arrives',
  pot_funded: 'Someone adds money to your pot',
  card_purchase: 'A card purchase from your pot',
  withdrawal_initiated: 'A withdrawal you make starts',
  withdrawal_paid: 'A withdrawal reaches your bank',
  withdrawal_failed: 'A withdrawal fails',
  withdrawal_declined: 'Another member declines your withdrawal',
  pot_withdrawal: 'Someone withdraws from your pot',
  withdrawal_approval: 'A withdrawal from your pot waits for your approval',
  card_spend_approval: 'A card payment from your pot waits for your approval',
  request_paid: 'Someone pays your top-up request',
  settled_up: 'Someone settles up in your pot',
  member_joined: 'Someone joins your pot',
  expense_added: 'An expense is added to your pot',
};

/** Every kind on in the app and by e-mail until the user says otherwise. */
export const DEFAULT_NOTIFICATION_CHANNELS = { inApp: true, email: true } as const;

export const NotificationQueue = defineQueue('notifications-notify', [
  'notifications.notify.v1',
  'notifications.done.v1',
]);

/**
 * One event to tell one user about, written to the producing service's outbox in the transaction that
 * made it happen. `key` names the event for this user: a redelivered job, or the same event produced
 * twice, notifies once. The notifications service renders it in the app and (if wanted) by e-mail.
 */
/** One fact of a notification that is a record (a receipt's amount, fee, reference…), shown by its e-mail. */
export const NotificationDetail = z.object({
  label: z.string().min(1).max(40),
  value: z.string().min(1).max(120),
});
export type NotificationDetail = z.infer<typeof NotificationDetail>;

export const NotifyJob = z.object({
  key: z.string().min(1).max(200),
  userId: Uuid,
  kind: NotificationKind,
  title: z.string().min(1).max(200),
  body: z.string().max(500),
  /** A path in the app ('/pot/…'), never another site. */
  link: z
    .string()
    .max(300)
    .regex(/^\/(?!\/)[^\s\\]*$/, 'A path in the app'),
  /** The facts its e-mail lists, in order (a top-up's receipt); none for most notifications. */
  details: z.array(NotificationDetail).max(10).optional(),
});
export type NotifyJob = z.infer<typeof NotifyJob>;

/**
 * The event some notifications asked about is over (a withdrawal to approve was decided or cancelled): the
 * notifications with these keys (one per user who may have been asked) leave their users' lists. A key
 * that names no notification changes nothing, and so does doing it twice.
 */
export const NotificationsDoneJob = z.object({
  keys: z.array(NotifyJob.shape.key).min(1).max(200),
});
export type NotificationsDoneJob = z.infer<typeof NotificationsDoneJob>;

export const Notification = apiSchema(
  'Notification',
  z.object({
    id: Uuid,
    kind: NotificationKind,
    title: z.string(),
    body: z.string(),
    link: z.string(),
    createdAt: IsoDateTime,
    readAt: IsoDateTime.nullable(),
  }),
);
export type Notification = z.infer<typeof Notification>;

/** The newest notifications shown in the app, and how many of all are unread. */
export const NOTIFICATIONS_LISTED = 50;

export const NotificationInbox = apiSchema(
  'NotificationInbox',
  z.object({ unreadCount: z.number().int(), notifications: z.array(Notification) }),
);
export type NotificationInbox = z.infer<typeof NotificationInbox>;

/** Marks these notifications read, or all of the caller's when `ids` is absent. */
export const MarkNotificationsReadRequest = apiRequestSchema(
  'MarkNotificationsReadRequest',
  z.object({ ids: z.array(Uuid).min(1).max(NOTIFICATIONS_LISTED).optional() }).strict(),
);
export type MarkNotificationsReadRequest = z.infer<typeof MarkNotificationsReadRequest>;

export const NotificationPreference = apiSchema(
  'NotificationPreference',
  z.object({ kind: NotificationKind, inApp: z.boolean(), email: z.boolean() }).strict(),
);
export type NotificationPreference = z.infer<typeof NotificationPreference>;

/** Each kind with how people read it (the app shows these words, from here). */
export const NotificationPreferences = apiSchema(
  'NotificationPreferences',
  z.object({
    preferences: z.array(
      z.object({ kind: NotificationKind, label: z.string(), inApp: z.boolean(), email: z.boolean() }),
    ),
  }),
);
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** Changes the kinds named; the others keep what they were. */
export const UpdateNotificationPreferencesRequest = apiRequestSchema(
  'UpdateNotificationPreferencesRequest',
  z
    .object({
      preferences: z
        .array(NotificationPreference)
        .min(1)
        .max(NOTIFICATION_KINDS.length)
        .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, {
          error: 'Name each kind once.',
        }),
    })
    .strict(),
);
export type UpdateNotificationPreferencesRequest = z.infer<typeof UpdateNotificationPreferencesRequest>;

const ForUser = z.object({ userId: Uuid });

export const NotificationCentreRpc = {
  getInbox: defineRpc('notifications.inbox.get.v1', ForUser, NotificationInbox),
  markRead: defineRpc(
    'notifications.inbox.mark-read.v1',
    ForUser.extend({ body: MarkNotificationsReadRequest }),
    Acknowledged,
  ),
  getPreferences: defineRpc('notifications.preferences.get.v1', ForUser, NotificationPreferences),
  updatePreferences: defineRpc(
    'notifications.preferences.update.v1',
    ForUser.extend({ body: UpdateNotificationPreferencesRequest }),
    NotificationPreferences,
  ),
} as const;
