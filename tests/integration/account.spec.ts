// The account page against the running stack: the account page's signed-in devices (list, sign one out, sign
// out the others), the data export (JSON and CSV, the caller's own data only) and account deletion (the
// password asked again, refused while money is left, the person removed from every pot, the card
// cancelled, every session ended).
import { randomUUID } from 'node:crypto';

import { Pool } from 'pg';

import { api, eventually, randomPublicIp, refreshCookieOf, signUpUser } from '../support/api';
import { verifyUser } from '../support/onboarding';
import { topUp } from '../support/payments';
import { bearer, potWithMembers, type User } from '../support/pots';

interface AccountSession {
  id: string;
  device: string;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}
interface Problem {
  status: number;
  title: string;
  detail?: string;
  errors?: { field: string; message: string }[];
}

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PASSWORD = 'a-long-enough-password';

const db = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
afterAll(() => db.end());

/** Another session of `user`, opened with the sign-in form from another browser. */
async function signInElsewhere(user: User, userAgent = FIREFOX_ON_LINUX) {
  const response = await api<{ accessToken: string }>('/api/auth/sign-in', {
    method: 'POST',
    body: { email: user.credentials.email, password: user.credentials.password },
    headers: { 'x-forwarded-for': randomPublicIp(), 'user-agent': userAgent },
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status}`);
  return { accessToken: response.body.accessToken, cookie: refreshCookieOf(response) };
}

const sessionsOf = async (accessToken: string) => {
  const response = await api<{ sessions: AccountSession[] }>('/api/me/sessions', {
    headers: bearer(accessToken),
  });
  expect(response.status).toBe(200);
  return response.body.sessions;
};
const meStatus = async (accessToken: string) =>
  (await api('/api/me', { headers: bearer(accessToken) })).status;
const refreshStatus = async (cookie: string) =>
  (await api('/api/auth/refresh', { method: 'POST', headers: { cookie } })).status;
const deleteAccount = (accessToken: string, password: string) =>
  api<Problem>('/api/me', { method: 'DELETE', body: { password }, headers: bearer(accessToken) });

describe('signed-in devices', () => {
  it("lists each device, the caller's own marked current, and signs one out at once", async () => {
    const user = await signUpUser({ fullName: 'Dev Icelist' });
    const laptop = await signInElsewhere(user);

    const listed = await sessionsOf(user.session.accessToken);
    expect(listed).toHaveLength(2);
    const [current] = listed.filter((session) => session.current);
    const other = listed.find((session) => !session.current)!;
    expect(current).toBeDefined();
    expect(other.device).toBe('Firefox on Linux');
    expect(Date.parse(other.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(other.signedInAt));

    // A stranger cannot sign it out (nor learn it exists): 404, and the laptop still works.
    const stranger = await signUpUser({ fullName: 'Stranger Danger' });
    const refused = await api(`/api/me/sessions/${other.id}`, {
      method: 'DELETE',
      headers: bearer(stranger.session.accessToken),
    });
    expect(refused.status).toBe(404);
    expect(await meStatus(laptop.accessToken)).toBe(200);

    const ended = await api(`/api/me/sessions/${other.id}`, {
      method: 'DELETE',
      headers: bearer(user.session.accessToken),
    });
    expect(ended.status).toBe(204);
    // Its access token is refused at once, its refresh cookie too; the caller's own session goes on.
    expect(await meStatus(laptop.accessToken)).toBe(401);
    expect(await refreshStatus(laptop.cookie)).toBe(401);
    expect(await meStatus(user.session.accessToken)).toBe(200);
    expect((await sessionsOf(user.session.accessToken)).map(({ id }) => id)).toEqual([current.id]);

    // Signing out a session already signed out, or one that never existed, is 404.
    const again = await api(`/api/me/sessions/${other.id}`, {
      method: 'DELETE',
      headers: bearer(user.session.accessToken),
    });
    expect(again.status).toBe(404);
    const unknown = await api(`/api/me/sessions/${randomUUID()}`, {
      method: 'DELETE',
      headers: bearer(user.session.accessToken),
    });
    expect(unknown.status).toBe(404);
  });

  it('signs out every other device and keeps the one asking', async () => {
    const user = await signUpUser({ fullName: 'Otto Others' });
    const phone = await signInElsewhere(
      user,
      'Mozilla/5.0 (Linux; Android 14) Chrome/131.0.0.0 Mobile Safari/537.36',
    );
    const tablet = await signInElsewhere(user);

    const response = await api<{ ended: number }>('/api/me/sessions/sign-out-others', {
      method: 'POST',
      headers: bearer(user.session.accessToken),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ended: 2 });
    for (const other of [phone, tablet]) {
      expect(await meStatus(other.accessToken)).toBe(401);
      expect(await refreshStatus(other.cookie)).toBe(401);
    }
    expect(await meStatus(user.session.accessToken)).toBe(200);
    expect(await refreshStatus(user.cookie)).toBe(200);
  });
});

describe('data export', () => {
  it("gives the caller their own profile, pots and expenses as JSON and CSV, and nobody else's", async () => {
    const { pot, owner, others } = await potWithMembers(1, `Export ${randomUUID().slice(0, 6)}`);
    const [member] = others;
    const recorded = await api<{ id: string }>(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: '=HYPERLINK("http://evil.example")',
        amountPence: 1234,
        paidFrom: 'member',
        payerMemberId: pot.members.find((m) => m.userId === owner.session.user.id)!.id,
        split: { mode: 'equal', members: pot.members.map((m) => ({ memberId: m.id })) },
      },
      headers: { ...bearer(owner.session.accessToken), 'idempotency-key': randomUUID() },
    });
    expect(recorded.status).toBe(201);

    const json = await api<{
      profile: { email: string };
      pots: { id: string; expenses: { description: string; amountPence: number }[] }[];
      topUps: unknown[];
      sessions: unknown[];
    }>('/api/me/export', { headers: bearer(owner.session.accessToken) });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kitty-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(json.headers.get('cache-control')).toBe('no-store');
    expect(json.body.profile.email).toBe(owner.credentials.email);
    expect(json.body.sessions.length).toBeGreaterThanOrEqual(1);
    const exported = json.body.pots.find(({ id }) => id === pot.id);
    expect(exported?.expenses).toEqual([
      expect.objectContaining({ description: '=HYPERLINK("http://evil.example")', amountPence: 1234 }),
    ]);

    const csv = await api<string>('/api/me/export/expenses', { headers: bearer(owner.session.accessToken) });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...rows] = csv.body.trim().split('\r\n');
    expect(header).toBe('pot,expense_id,date,description,amount_gbp,paid_from,paid_by,split,shares,status');
    const row = rows.find((line) => line.includes(recorded.body.id));
    // The amount in exact pounds; the formula is shown as text, never run by a spreadsheet.
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"")",12.34,member,Olive Owner,equal,`);

    const stranger = await signUpUser({ fullName: 'Nosy Parker' });
    const theirs = await api<{ pots: { id: string }[] }>('/api/me/export', {
      headers: bearer(stranger.session.accessToken),
    });
    expect(theirs.body.pots.map(({ id }) => id)).not.toContain(pot.id);
    expect(
      (await api('/api/me/export/everything', { headers: bearer(member.session.accessToken) })).status,
    ).toBe(400);
    expect((await api('/api/me/export')).status).toBe(401);
  });

  it('keeps archived pots and their payments in the export', async () => {
    const { pot, owner } = await potWithMembers(1, `Archived ${randomUUID().slice(0, 6)}`);
    const asOwner = bearer(owner.session.accessToken);
    const [ownerId, memberId] = pot.members.map(({ id }) => id);
    const recorded = await api(`/api/pots/${pot.id}/expenses`, {
      method: 'POST',
      body: {
        description: 'Museum tickets',
        amountPence: 1800,
        paidFrom: 'member',
        payerMemberId: ownerId,
        split: { mode: 'equal', members: [{ memberId: ownerId }, { memberId }] },
      },
      headers: { ...asOwner, 'idempotency-key': randomUUID() },
    });
    expect(recorded.status).toBe(201);
    // The member pays the owner back, and the settled pot is archived.
    const paid = await api<{ id: string; status: string }>(`/api/pots/${pot.id}/settlements`, {
      method: 'POST',
      body: { fromMemberId: memberId, toMemberId: ownerId, amountPence: 900 },
      headers: { ...asOwner, 'idempotency-key': randomUUID() },
    });
    expect(paid.body.status).toBe('confirmed');
    const archived = await api(`/api/pots/${pot.id}`, {
      method: 'PATCH',
      body: { isActive: false },
      headers: asOwner,
    });
    expect(archived.status).toBe(200);

    const json = await api<{
      pots: {
        id: string;
        isActive: boolean;
        expenses: { description: string }[];
        settlements: { id: string; amountPence: number }[];
      }[];
    }>('/api/me/export', { headers: asOwner });
    const exported = json.body.pots.find(({ id }) => id === pot.id);
    expect(exported?.isActive).toBe(false);
    expect(exported?.expenses.map(({ description }) => description)).toEqual(['Museum tickets']);
    expect(exported?.settlements).toEqual([expect.objectContaining({ id: paid.body.id, amountPence: 900 })]);
    const csv = await api<string>('/api/me/export/expenses', { headers: asOwner });
    expect(csv.body).toContain('Museum tickets');
    const settlements = await api<string>('/api/me/export/settlements', { headers: asOwner });
    expect(settlements.body).toContain(`${pot.name},${paid.body.id},`);
  });
});

describe('account deletion', () => {
  it('asks for the password again', async () => {
    const user = await signUpUser({ fullName: 'Wrong Password' });
    const refused = await deleteAccount(user.session.accessToken, 'not-my-password');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'password', message: 'Your password is not correct.' }]);
    expect(await meStatus(user.session.accessToken)).toBe(200);
  });

  it('is refused while money is left in the wallet, saying what to do', async () => {
    const user = await signUpUser({ fullName: 'Penny Left' });
    await verifyUser(user.session.accessToken);
    await topUp(user.session.accessToken, 1_000, { type: 'wallet' });

    const refused = await deleteAccount(user.session.accessToken, PASSWORD);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/wallet still holds money: withdraw it first/);
    expect(await meStatus(user.session.accessToken)).toBe(200);
  }, 60_000);

  it('removes the person from every pot, cancels their card and ends every session; the ledger keeps its rows', async () => {
    const { pot, owner, others } = await potWithMembers(1, `Leavers ${randomUUID().slice(0, 6)}`);
    const [leaver] = others;
    await verifyUser(leaver.session.accessToken);
    expect(
      (await api('/api/cards', { method: 'POST', headers: bearer(leaver.session.accessToken) })).status,
    ).toBe(201);
    const elsewhere = await signInElsewhere(leaver);

    const deleted = await deleteAccount(leaver.session.accessToken, PASSWORD);
    expect(deleted.status).toBe(204);
    expect(deleted.headers.getSetCookie().some((cookie) => /^kitty_refresh=;/.test(cookie))).toBe(true);

    // Every session ends at once; the old address and password no longer sign in.
    expect(await meStatus(leaver.session.accessToken)).toBe(401);
    expect(await meStatus(elsewhere.accessToken)).toBe(401);
    expect(await refreshStatus(elsewhere.cookie)).toBe(401);
    const signIn = await api('/api/auth/sign-in', {
      method: 'POST',
      body: { email: leaver.credentials.email, password: PASSWORD },
      headers: { 'x-forwarded-for': randomPublicIp() },
    });
    expect(signIn.status).toBe(401);

    // The person leaves the pot (their position was zero); its history calls them 'A former member'.
    const userId = leaver.session.user.id;
    await eventually(async () => {
      const read = await api<{ members: { userId: string; name: string; email: string }[] }>(
        `/api/pots/${pot.id}`,
        {
          headers: bearer(owner.session.accessToken),
        },
      );
      return read.body.members.some((m) => m.userId === userId) ? undefined : read.body;
    });
    const { rows: people } = await db.query(
      `SELECT email, full_name, phone_number, deleted_at FROM auth.users WHERE id = $1::uuid`,
      [userId],
    );
    expect(people).toEqual([
      {
        email: `deleted-${userId}@deleted.invalid`,
        full_name: 'A former member',
        phone_number: null,
        deleted_at: expect.any(Date),
      },
    ]);
    const { rows: mentions } = await db.query(
      `SELECT count(*)::int AS n FROM pots.pot_members WHERE user_id = $1::uuid AND (name <> 'A former member' OR email = $2)`,
      [userId, leaver.credentials.email],
    );
    expect(mentions).toEqual([{ n: 0 }]);
    // The card is cancelled at the issuer for good.
    await eventually(async () => {
      const { rows } = await db.query(`SELECT status FROM issuing.virtual_cards WHERE user_id = $1::uuid`, [
        userId,
      ]);
      return rows[0]?.status === 'canceled' ? rows : undefined;
    });

    // The address is free again: a new account can be opened with it.
    const again = await api('/api/auth/sign-up', {
      method: 'POST',
      body: { fullName: 'Back Again', email: leaver.credentials.email, password: 'another-long-passphrase' },
      headers: { 'x-forwarded-for': randomPublicIp() },
    });
    expect(again.status).toBe(202);
  }, 60_000);
});
