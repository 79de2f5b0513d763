// The notification centre on the 3-replica stack: money and group events reach the right
// people once, in the app and by e-mail as each chose; the list and the preferences are the caller's own.
import { randomUUID } from 'node:crypto';

import { api, eventually } from '../support/api';
import { closeAllLive, listenLive } from '../support/live';
import { allMailTo } from '../support/maildev';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer, potWithMembers } from '../support/pots';

jest.setTimeout(120_000);
afterEach(closeAllLive);

interface Inbox {
  unreadCount: number;
  notifications: {
    id: string;
    kind: string;
    title: string;
    body: string;
    link: string;
    readAt: string | null;
  }[];
}

const inboxOf = async (token: string) =>
  (await api<Inbox>('/api/notifications', { headers: bearer(token) })).body;

describe('notification centre', () => {
  it('tells the other members once of money added and an expense, in the app and by e-mail, as they chose', async () => {
    const { pot, owner, others } = await potWithMembers(2, 'Notified');
    const [ben, cal] = others;
    await verifyUser(owner.session.accessToken);
    // Cal wants no e-mail about money added to the pot, only the app.
    const saved = await api<{ preferences: { kind: string; inApp: boolean; email: boolean }[] }>(
      '/api/me/notification-preferences',
      {
        method: 'PUT',
        body: { preferences: [{ kind: 'pot_funded', inApp: true, email: false }] },
        headers: bearer(cal.session.accessToken),
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.preferences.find((p) => p.kind === 'pot_funded')).toMatchObject({
      inApp: true,
      email: false,
    });
    const benTab = await listenLive(ben.session.accessToken);

    await topUp(owner.session.accessToken, 2000, { type: 'pot', potId: pot.id });
    const expense = await api(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Groceries',
        amountPence: 3000,
        paidFrom: 'member',
        payerMemberId: pot.members[0].id,
        split: { mode: 'equal', members: pot.members.map((member) => ({ memberId: member.id })) },
      },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(expense.status).toBe(201);

    const money = (inbox: Inbox) => inbox.notifications.filter((n) => n.kind !== 'member_joined');
    const benInbox = await eventually(async () => {
      const inbox = await inboxOf(ben.session.accessToken);
      return money(inbox).length >= 2 ? inbox : undefined;
    }, 20_000);
    // Ben also heard that Cal joined after him.
    expect(benInbox.notifications.map((n) => n.kind).sort()).toEqual([
      'expense_added',
      'member_joined',
      'pot_funded',
    ]);
    expect(benInbox.unreadCount).toBe(3);
    // By kind: the top-up and the expense are separate event streams (either notice can be made first).
    const byKind = (a: { kind: string }, b: { kind: string }) => a.kind.localeCompare(b.kind);
    expect(
      money(benInbox)
        .sort(byKind)
        .map((n) => [n.kind, n.title, n.body, n.link]),
    ).toEqual([
      ['expense_added', 'Olive Owner added "Groceries" (£30.00)', 'In Notified', `/pot/${pot.id}`],
      ['pot_funded', 'Olive Owner added £20.00', 'In Notified', `/pot/${pot.id}`],
    ]);
    // Ben's open tab heard of it.
    await benTab.next('notifications');
    benTab.close();

    // The payer hears their money arrived; nobody is told of what they did themselves.
    const ownerInbox = await eventually(async () => {
      const inbox = await inboxOf(owner.session.accessToken);
      return inbox.notifications.some((n) => n.kind === 'top_up_credited') ? inbox : undefined;
    }, 20_000);
    // Joins and the top-up are separate event streams: their notices can be made in either order. The
    // owner also set up a payout bank account while verifying, a security notice they always get.
    expect(ownerInbox.notifications.map((n) => n.kind).sort()).toEqual([
      'bank_account_changed',
      'member_joined',
      'member_joined',
      'top_up_credited',
    ]);
    expect(ownerInbox.notifications.find((n) => n.kind === 'top_up_credited')?.title).toBe(
      '£20.00 added to Notified',
    );

    // E-mails: Ben gets both, Cal only the expense (each exactly once).
    const FUNDED = 'Olive Owner added £20.00';
    const GROCERIES = 'Olive Owner added "Groceries" (£30.00)';
    const subjects = async (email: string) => (await allMailTo(email)).map((mail) => mail.subject);
    await eventually(async () => {
      const [benMail, calMail] = [
        await subjects(ben.credentials.email),
        await subjects(cal.credentials.email),
      ];
      return benMail.includes(FUNDED) && benMail.includes(GROCERIES) && calMail.includes(GROCERIES)
        ? true
        : undefined;
    }, 20_000);
    // Time for a duplicate to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const benMail = await subjects(ben.credentials.email);
    const calMail = await subjects(cal.credentials.email);
    expect(benMail.filter((s) => s === FUNDED)).toHaveLength(1);
    expect(benMail.filter((s) => s === GROCERIES)).toHaveLength(1);
    expect(calMail.filter((s) => s === FUNDED)).toHaveLength(0);
    expect(calMail.filter((s) => s === GROCERIES)).toHaveLength(1);
    const calInbox = await inboxOf(cal.session.accessToken);
    expect(calInbox.notifications.map((n) => n.kind).sort()).toEqual(['expense_added', 'pot_funded']);
  });

  it('marks read only the caller’s own, and refuses malformed requests', async () => {
    const { pot, owner, others } = await potWithMembers(1, 'Reads');
    const [ben] = others;
    await api(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Taxi',
        amountPence: 1200,
        paidFrom: 'member',
        payerMemberId: pot.members[0].id,
        split: { mode: 'equal', members: pot.members.map((member) => ({ memberId: member.id })) },
      },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    const benInbox = await eventually(async () => {
      const inbox = await inboxOf(ben.session.accessToken);
      return inbox.unreadCount > 0 ? inbox : undefined;
    }, 20_000);
    const bensId = benInbox.notifications[0].id;

    // The owner names Ben's notification: it matches nothing of hers, and Ben's stays unread.
    const stranger = await api('/api/notifications/read', {
      method: 'POST',
      body: { ids: [bensId] },
      headers: bearer(owner.session.accessToken),
    });
    expect(stranger.status).toBe(204);
    expect((await inboxOf(ben.session.accessToken)).unreadCount).toBe(1);

    for (const body of [{ ids: [] }, { ids: ['not-a-uuid'] }, { ids: bensId }, { all: true }]) {
      const refused = await api('/api/notifications/read', {
        method: 'POST',
        body,
        headers: bearer(ben.session.accessToken),
      });
      expect(refused.status).toBe(400);
    }
    for (const preferences of [
      [{ kind: 'everything', inApp: true, email: true }],
      [{ kind: 'pot_funded', inApp: 'yes', email: true }],
      [],
    ]) {
      const refused = await api('/api/me/notification-preferences', {
        method: 'PUT',
        body: { preferences },
        headers: bearer(ben.session.accessToken),
      });
      expect(refused.status).toBe(400);
    }

    const read = await api('/api/notifications/read', {
      method: 'POST',
      body: { ids: [bensId] },
      headers: bearer(ben.session.accessToken),
    });
    expect(read.status).toBe(204);
    const after = await inboxOf(ben.session.accessToken);
    expect(after.unreadCount).toBe(0);
    expect(after.notifications[0].readAt).not.toBeNull();
  });
});
