// Against the real Postgres: 'once per event and user' is the notifications table's unique key, and the
// e-mail job commits with the row, so both are checked on the real thing.
import { randomUUID } from 'node:crypto';

import { AuthRpc, EmailQueue, NOTIFICATION_KINDS, type NotifyJob } from '@kitty/contracts';
import { type LivePublisher, type OutboxRelay, ProblemError, type RpcClient } from '@kitty/nest-common';
import { createThrowawayDatabase, RecordedLive, type ThrowawayDatabase } from '@kitty/testing';

import { loadNotificationsConfig, type NotificationsConfig } from '../config';
import { PrismaService } from '../prisma.service';
import { NotificationCentre } from './notification-centre.service';

describe('NotificationCentre (PostgreSQL)', () => {
  let database: ThrowawayDatabase;
  let prisma: PrismaService;
  let live: RecordedLive;
  let centre: NotificationCentre;
  const users = new Map<string, { email: string; fullName: string }>();
  const rpc = {
    call: async (contract: unknown, request: { userId: string }) => {
      if (contract !== AuthRpc.getUser) throw new Error('unexpected RPC');
      const user = users.get(request.userId);
      if (!user) throw ProblemError.of(404, 'Not found', 'No such user.');
      return { id: request.userId, emailVerified: true, ...user };
    },
  } as unknown as RpcClient;

  beforeAll(() => {
    database = createThrowawayDatabase('notifications', loadNotificationsConfig().DATABASE_URL);
    prisma = new PrismaService({ DATABASE_URL: database.url } as NotificationsConfig);
  }, 60_000);

  beforeEach(() => {
    live = new RecordedLive();
    centre = new NotificationCentre(
      prisma,
      rpc,
      live.asPublisher<LivePublisher>(),
      { kick: jest.fn() } as unknown as OutboxRelay,
      { PUBLIC_URL: 'https://kitty.example' },
    );
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  const someone = () => {
    const userId = randomUUID();
    users.set(userId, { email: `${userId.slice(0, 8)}@example.com`, fullName: 'Ben Hart' });
    return userId;
  };
  const job = (userId: string, overrides: Partial<NotifyJob> = {}): NotifyJob => ({
    key: `expense_added:${randomUUID()}:${userId}`,
    userId,
    kind: 'expense_added',
    title: 'Ann added "Dinner" (£60.00)',
    body: 'In Lisbon trip',
    link: '/pot/6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10',
    ...overrides,
  });
  const emailsTo = (userId: string) =>
    prisma.outboxMessage.findMany({
      where: { queue: EmailQueue.name, payload: { path: ['to'], equals: users.get(userId)?.email } },
    });

  it('notifies once, in the app and by e-mail, however many times the job is delivered at once', async () => {
    const ben = someone();
    const event = job(ben);

    const made = await Promise.all(Array.from({ length: 8 }, () => centre.notify(event)));

    expect(made.filter(Boolean)).toHaveLength(1);
    const inbox = await centre.inbox(ben);
    expect(inbox.unreadCount).toBe(1);
    expect(inbox.notifications).toEqual([
      expect.objectContaining({ kind: 'expense_added', title: event.title, link: event.link, readAt: null }),
    ]);
    const emails = await emailsTo(ben);
    expect(emails).toHaveLength(1);
    expect(emails[0].payload).toMatchObject({
      template: 'notification',
      data: {
        fullName: 'Ben Hart',
        url: 'https://kitty.example/pot/6f1c2a10-8f1e-4c55-9d1b-2f0f6f7f1a10',
        preferencesUrl: 'https://kitty.example/account#notifications',
      },
    });
    expect(live.notices).toEqual([{ userIds: [ben], topics: ['notifications'] }]);
  });

  it("takes requests whose event is over off the lists (and their counts), for good, and tells the users' tabs", async () => {
    const [ben, cat] = [someone(), someone()];
    const withdrawalId = randomUUID();
    const ask = (userId: string) =>
      job(userId, {
        key: `withdrawal_approval:${withdrawalId}:${userId}`,
        kind: 'withdrawal_approval',
        title: 'Ann asks to withdraw £60.00 from Lisbon trip',
      });
    await centre.notify(ask(ben));
    await centre.notify(ask(cat));
    await centre.notify(job(ben));
    live.notices.length = 0;

    const keys = [ask(ben).key, ask(cat).key, `withdrawal_approval:${withdrawalId}:${randomUUID()}`];
    await centre.markDone(keys);
    await centre.markDone(keys);

    const inbox = await centre.inbox(ben);
    expect(inbox.notifications.map(({ kind }) => kind)).toEqual(['expense_added']);
    expect(inbox.unreadCount).toBe(1);
    await expect(centre.inbox(cat)).resolves.toEqual({ unreadCount: 0, notifications: [] });
    expect(live.notices).toEqual([
      { userIds: expect.arrayContaining([ben, cat]) as string[], topics: ['notifications'] },
    ]);
    // A late redelivery of the request does not bring it back.
    await expect(centre.notify(ask(cat))).resolves.toBe(false);
    await expect(centre.inbox(cat)).resolves.toEqual({ unreadCount: 0, notifications: [] });
  });

  it('asks auth for the address only on a first delivery, and only when the user wants the e-mail', async () => {
    const ben = someone();
    await centre.updatePreferences(ben, [{ kind: 'member_joined', inApp: true, email: false }]);
    const call = jest.spyOn(rpc, 'call');
    const event = job(ben);

    await centre.notify(event);
    await centre.notify(event);
    await centre.notify(job(ben, { kind: 'member_joined' }));

    expect(call).toHaveBeenCalledTimes(1);
    call.mockRestore();
  });

  it('follows the preferences: e-mail off sends none, in-app off lists none, other kinds unchanged', async () => {
    const ben = someone();
    const saved = await centre.updatePreferences(ben, [
      { kind: 'expense_added', inApp: true, email: false },
      { kind: 'member_joined', inApp: false, email: true },
    ]);
    // Every kind, each once.
    expect(saved.preferences.map(({ kind }) => kind)).toEqual([...NOTIFICATION_KINDS]);
    expect(saved.preferences.find((p) => p.kind === 'settled_up')).toEqual({
      kind: 'settled_up',
      label: 'Someone settles up in your pot',
      inApp: true,
      email: true,
    });

    await centre.notify(job(ben));
    await centre.notify(job(ben, { kind: 'member_joined', title: 'Cal joined the pot' }));

    const inbox = await centre.inbox(ben);
    expect(inbox.notifications.map((n) => n.kind)).toEqual(['expense_added']);
    expect(inbox.unreadCount).toBe(1);
    const emails = await emailsTo(ben);
    expect(emails.map((e) => (e.payload as { data: { title: string } }).data.title)).toEqual([
      'Cal joined the pot',
    ]);
  });

  it('shows a security notice in the app whatever the preferences say, and leaves its e-mail to its service', async () => {
    const ben = someone();
    await centre.updatePreferences(ben, [{ kind: 'bank_account_changed', inApp: false, email: true }]);
    await centre.notify(
      job(ben, { kind: 'bank_account_changed', key: `bank:${ben}`, title: 'Your bank account was changed' }),
    );
    expect((await centre.inbox(ben)).notifications.map((n) => n.kind)).toEqual(['bank_account_changed']);
    expect(await emailsTo(ben)).toEqual([]);
    expect((await centre.preferences(ben)).preferences.map(({ kind }) => kind)).toEqual([
      ...NOTIFICATION_KINDS,
    ]);
  });

  it('marks only the caller’s own notifications read, named or all', async () => {
    const ben = someone();
    const cal = someone();
    await centre.notify(job(ben));
    await centre.notify(job(ben));
    await centre.notify(job(cal));
    const [newest] = (await centre.inbox(ben)).notifications;
    const calsOwn = (await centre.inbox(cal)).notifications[0];

    await centre.markRead(ben, [newest.id, calsOwn.id]);
    expect((await centre.inbox(ben)).unreadCount).toBe(1);
    expect((await centre.inbox(cal)).unreadCount).toBe(1);

    await centre.markRead(ben, undefined);
    expect((await centre.inbox(ben)).unreadCount).toBe(0);
    expect((await centre.inbox(cal)).unreadCount).toBe(1);
  });

  it('forgets a deleted account’s notifications and choices, and nobody else’s', async () => {
    const ben = someone();
    const cal = someone();
    await centre.updatePreferences(ben, [{ kind: 'expense_added', inApp: true, email: false }]);
    await centre.notify(job(ben));
    await centre.notify(job(cal));

    await centre.forget(ben);
    await centre.forget(ben);

    expect((await centre.inbox(ben)).notifications).toEqual([]);
    expect(await prisma.notificationPreference.count({ where: { userId: ben } })).toBe(0);
    expect((await centre.inbox(cal)).notifications).toHaveLength(1);
  });

  it('still notifies in the app a user whose account is gone from auth, without an e-mail', async () => {
    const gone = randomUUID();
    const outboxBefore = await prisma.outboxMessage.count();
    await expect(centre.notify(job(gone))).resolves.toBe(true);
    expect((await centre.inbox(gone)).notifications).toHaveLength(1);
    expect(
      await prisma.notification.findFirst({ where: { userId: gone }, select: { emailed: true } }),
    ).toEqual({
      emailed: false,
    });
    expect(await prisma.outboxMessage.count()).toBe(outboxBefore);
  });
});
