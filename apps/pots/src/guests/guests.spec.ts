// Guests against the real Postgres: who may add one, names and e-mails that would be confused
// refused; a guest shares and pays expenses (what they paid waits for the owner, as they cannot confirm);
// accepting the invitation sent to the guest's e-mail with an account that confirmed that address makes the
// guest that member, with their position — an address match alone never does; Kitty cannot pay or remind a
// guest it cannot reach.
import { randomUUID } from 'node:crypto';

import type { PotsCaller } from '@kitty/contracts';

import { BalancesService } from '../balances/balances.service';
import { ReminderService } from '../balances/reminder.service';
import { ExpenseService } from '../expenses/expense.service';
import type { InvitationService } from '../invitations/invitation.service';
import type { PotService } from '../pots/pot.service';
import { idleRelay } from '../testing/fake-payments';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { problemOf } from '../testing/problem-of';
import { invitationServiceOn, potServiceOn } from '../testing/services';
import { GuestsService } from './guests.service';

describe('guests (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let guests: GuestsService;
  let expenses: ExpenseService;
  let balances: BalancesService;
  let invitations: InvitationService;
  let pots: PotService;
  let reminders: ReminderService;

  beforeAll(() => {
    db = potsTestDatabase();
    guests = new GuestsService(db.work);
    expenses = new ExpenseService(db.work, idleRelay);
    balances = new BalancesService(db.work);
    invitations = invitationServiceOn(db.prisma);
    pots = potServiceOn(db.prisma);
    reminders = new ReminderService(
      db.work,
      { kick: () => undefined } as never,
      { reserve: async () => undefined } as never,
      { PUBLIC_URL: 'https://kitty.example' } as never,
    );
  }, 60_000);

  afterAll(() => db?.close());

  const addGuest = (pot: TestPot, name: string, email?: string, by = 0) =>
    guests.add({
      caller: pot.members[by].caller,
      potId: pot.id,
      body: { name, ...(email ? { email } : {}) },
    });
  /** Ann (owner) records that `payerId` paid `amountPence`, shared equally by `sharers`. */
  const spend = (pot: TestPot, payerId: string, sharers: string[], amountPence = 3_000, by = 0) =>
    expenses.create({
      caller: pot.members[by].caller,
      potId: pot.id,
      idempotencyKey: randomUUID(),
      body: {
        description: 'Dinner',
        amountPence,
        paidFrom: 'member',
        payers: [{ memberId: payerId, amountPence }],
        category: 'food',
        split: { mode: 'equal', members: sharers.map((memberId) => ({ memberId })) },
      },
    });
  const invite = async (pot: TestPot, inviteEmail: string, name: string) => {
    const invitation = await invitations.create({
      caller: pot.owner.caller,
      potId: pot.id,
      body: { name, email: inviteEmail },
    });
    return new URL(invitation.inviteUrl).pathname.split('/').at(-1) as string;
  };
  /** `joiner` accepts an invitation sent to `inviteEmail`, their own address confirmed unless said otherwise. */
  const join = async (pot: TestPot, inviteEmail: string, joiner: PotsCaller, confirmed = true) =>
    invitations.accept({
      caller: joiner,
      token: await invite(pot, inviteEmail, joiner.name),
      confirmedEmail: confirmed ? joiner.email : null,
    });
  const person = (name: string, email: string): PotsCaller => ({ userId: randomUUID(), name, email });

  it('lets whoever may invite add a guest, and refuses names and e-mails already in the pot', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben']);
    const sam = await addGuest(pot, 'Sam', 'sam@example.com');
    expect(sam).toMatchObject({ userId: null, name: 'Sam', email: 'sam@example.com', role: 'guest' });
    const detail = await pots.get({ caller: pot.members[1].caller, potId: pot.id });
    expect(detail.members.map(({ name, role }) => [name, role])).toEqual([
      ['Ann', 'owner'],
      ['Ben', 'member'],
      ['Sam', 'guest'],
    ]);

    expect((await problemOf(addGuest(pot, 'Tom', undefined, 1))).status).toBe(403);
    expect((await problemOf(addGuest(pot, 'sam'))).detail).toBe(
      'There is already someone called Sam in this pot. Add the guest with a name that tells them apart.',
    );
    expect((await problemOf(addGuest(pot, 'Samuel', 'ben@example.com'))).detail).toBe(
      'Ben in this pot already has the e-mail ben@example.com.',
    );
    const stranger = person('Eve', 'eve@example.com');
    expect(
      (await problemOf(guests.add({ caller: stranger, potId: pot.id, body: { name: 'X' } }))).status,
    ).toBe(404);
    const archived = await createPot(db.prisma, ['Ann'], { isActive: false });
    expect((await problemOf(addGuest(archived, 'Sam'))).status).toBe(409);
  });

  it('makes the guest the member who accepts the invitation sent to them, position and all', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben']);
    const [ann, ben] = pot.members;
    const sam = await addGuest(pot, 'Sam', 'sam@example.com');
    await spend(pot, ann.id, [ann.id, sam.id]);
    // Ben records that Sam paid: Sam cannot confirm, so it waits for the owner.
    const paidBySam = await spend(pot, sam.id, [ben.id, sam.id], 2_000, 1);
    expect(paidBySam).toMatchObject({ status: 'pending', awaitingMemberId: ann.id });
    await expenses.decide({
      caller: ann.caller,
      potId: pot.id,
      expenseId: paidBySam.id,
      decision: 'confirm',
    });

    const samUser = person('Sam Jones', 'sam@example.com');
    await join(pot, 'sam@example.com', samUser);
    const detail = await pots.get({ caller: samUser, potId: pot.id });
    expect(detail.members.filter(({ role }) => role === 'guest')).toEqual([]);
    expect(detail.members.find(({ id }) => id === sam.id)).toMatchObject({
      userId: samUser.userId,
      name: 'Sam Jones',
      role: 'member',
    });
    const { positions } = await balances.balances({ caller: samUser, potId: pot.id });
    expect(positions.find(({ memberId }) => memberId === sam.id)?.netPence).toBe(-1_500 + 1_000);
    const feed = await balances.activity({ caller: samUser, potId: pot.id });
    expect(feed[0].summary).toBe(
      'Sam Jones joined the pot as the guest Sam: what was recorded for Sam is now theirs',
    );
  });

  it("names the owner as the one asked when a member records a guest's payment to them", async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Cat']);
    const [ann, cat] = pot.members;
    const gus = await addGuest(pot, 'Gus');
    await spend(pot, cat.id, [cat.id, gus.id], 500);
    const paid = await balances.settle({
      caller: cat.caller,
      potId: pot.id,
      idempotencyKey: randomUUID(),
      body: { fromMemberId: gus.id, toMemberId: cat.id, amountPence: 250, payWithKitty: false },
    });
    // Gus has no account to confirm with: the record waits for the owner, and the feed says so.
    expect(paid).toMatchObject({ status: 'pending', awaitingMemberId: ann.id });
    const feed = await balances.activity({ caller: cat.caller, potId: pot.id });
    expect(feed[0].summary).toBe('Cat recorded that Gus paid Cat £2.50 — waiting for Ann to confirm');
  });

  it('never makes an account a guest by its address alone: an invitation sent elsewhere joins as someone new', async () => {
    const pot = await createPot(db.prisma, ['Ann']);
    const greg = await addGuest(pot, 'Greg', 'greg@example.com');
    await spend(pot, greg.id, [pot.owner.id, greg.id]);
    // Mallory signed up with Greg's address; confirmed or not, an invitation to her own address is hers only.
    for (const confirmed of [false, true]) {
      const mallory = person('Mallory', 'greg@example.com');
      await join(pot, `mallory.${String(confirmed)}@example.com`, mallory, confirmed);
      const detail = await pots.get({ caller: mallory, potId: pot.id });
      expect(detail.members.find(({ id }) => id === greg.id)).toMatchObject({ userId: null, role: 'guest' });
      expect(detail.members.find(({ userId }) => userId === mallory.userId)?.id).not.toBe(greg.id);
    }
  });

  it("waits for the guest's account to confirm the address the invitation was sent to", async () => {
    const pot = await createPot(db.prisma, ['Ann']);
    const tom = await addGuest(pot, 'Tom', 'tom@example.com');
    const token = await invite(pot, 'tom@example.com', 'Tom');
    const tomUser = person('Tom Hill', 'tom@example.com');
    const unconfirmed = await problemOf(invitations.accept({ caller: tomUser, token, confirmedEmail: null }));
    expect(unconfirmed).toMatchObject({
      status: 403,
      detail:
        'This invitation is for Tom at tom@example.com. To take over what was recorded for Tom, join with ' +
        'the Kitty account for tom@example.com once that address is confirmed.',
    });
    const elsewhere = person('Tom Hill', 'tom.hill@work.example');
    expect(
      (await problemOf(invitations.accept({ caller: elsewhere, token, confirmedEmail: elsewhere.email })))
        .status,
    ).toBe(403);
    // Refused, the invitation is still usable: Tom confirms his address and joins as himself.
    await invitations.accept({ caller: tomUser, token, confirmedEmail: 'TOM@example.com' });
    const detail = await pots.get({ caller: tomUser, potId: pot.id });
    expect(detail.members.map(({ id, role }) => [id, role])).toEqual([
      [pot.owner.id, 'owner'],
      [tom.id, 'member'],
    ]);
  });

  it('leaves a guest without an e-mail a guest, and does not pay or remind one Kitty cannot reach', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben']);
    const [ann, ben] = pot.members;
    const kim = await addGuest(pot, 'Kim');
    expect(kim.email).toBe('');
    await spend(pot, ann.id, [ann.id, kim.id]);
    await join(pot, 'new@example.com', person('New Person', 'new@example.com'));
    const detail = await pots.get({ caller: ann.caller, potId: pot.id });
    expect(detail.members.find(({ id }) => id === kim.id)?.role).toBe('guest');

    const remind = await problemOf(
      reminders.remind({
        caller: ann.caller,
        potId: pot.id,
        body: { fromMemberId: kim.id, toMemberId: ann.id },
      }),
    );
    expect(remind).toMatchObject({ status: 409, title: 'No e-mail to remind' });
    // Ben pays Kim back through Kitty: a guest has no wallet.
    await spend(pot, kim.id, [ben.id, kim.id], 1_000);
    const wallet = await problemOf(
      balances.prepareSettlement({
        caller: ben.caller,
        potId: pot.id,
        idempotencyKey: randomUUID(),
        body: { fromMemberId: ben.id, toMemberId: kim.id, amountPence: 500, payWithKitty: true },
      }),
    );
    expect(wallet).toMatchObject({ status: 409, title: 'Guest has no wallet' });
    // The owner records a payment between a guest and someone else for them; it counts at once.
    const recorded = await balances.settle({
      caller: ann.caller,
      potId: pot.id,
      idempotencyKey: randomUUID(),
      body: { fromMemberId: kim.id, toMemberId: ann.id, amountPence: 1_500, payWithKitty: false },
    });
    expect(recorded.status).toBe('confirmed');
  });
});
