// Pot rules against the real Postgres: only the owner sets them, the feed names the change,
// members read them in the pot and in their membership, and a card's decision reads the spending rule
// together with the active pot.
import { randomUUID } from 'node:crypto';

import { DEFAULT_POT_RULES, type PotRules, UpdatePotRulesRequest } from '@kitty/contracts';

import type { InvitationService } from '../invitations/invitation.service';
import { createPot, type PotsTestDatabase, potsTestDatabase, type TestPot } from '../testing/pot-factory';
import { problemOf } from '../testing/problem-of';
import { invitationServiceOn, potServiceOn } from '../testing/services';
import type { PotService } from './pot.service';
import { describeRulesChange, PotRulesService } from './pot-rules';

const approvalForBoth: PotRules = {
  withdrawRule: 'approval',
  spendRule: 'approval',
  approvalAbovePence: 5000,
  inviteRule: 'owner',
  simplifyDebts: true,
};

describe('describeRulesChange', () => {
  it('names only what changed', () => {
    expect(describeRulesChange(DEFAULT_POT_RULES, { ...DEFAULT_POT_RULES, withdrawRule: 'members' })).toBe(
      'withdrawals: any member',
    );
    expect(describeRulesChange(DEFAULT_POT_RULES, { ...DEFAULT_POT_RULES, spendRule: 'owner' })).toBe(
      'card spending: only the owner',
    );
    expect(describeRulesChange(DEFAULT_POT_RULES, { ...DEFAULT_POT_RULES, inviteRule: 'members' })).toBe(
      'invitations: any member',
    );
    expect(describeRulesChange(DEFAULT_POT_RULES, approvalForBoth)).toBe(
      'withdrawals: any member, a second member approves above £50.00; ' +
        'card spending: any member, a second member approves above £50.00',
    );
  });

  it('counts an amount change only where a rule uses it', () => {
    expect(
      describeRulesChange(DEFAULT_POT_RULES, { ...DEFAULT_POT_RULES, approvalAbovePence: 9900 }),
    ).toBeNull();
    expect(
      describeRulesChange(
        { ...approvalForBoth, spendRule: 'members' },
        { ...approvalForBoth, spendRule: 'members', approvalAbovePence: 2500 },
      ),
    ).toBe('withdrawals: any member, a second member approves above £25.00');
  });
});

describe('UpdatePotRulesRequest', () => {
  it('takes whole pence from £1 to £5,000 and nothing else', () => {
    expect(UpdatePotRulesRequest.safeParse(approvalForBoth).success).toBe(true);
    for (const approvalAbovePence of [99, 500_001, 50.5])
      expect(UpdatePotRulesRequest.safeParse({ ...approvalForBoth, approvalAbovePence }).success).toBe(false);
    expect(UpdatePotRulesRequest.safeParse({ ...approvalForBoth, withdrawRule: 'anyone' }).success).toBe(
      false,
    );
    expect(UpdatePotRulesRequest.safeParse({ ...approvalForBoth, isActive: false }).success).toBe(false);
    // Invitations are owner | members only; a client from before the rule leaves it out.
    expect(UpdatePotRulesRequest.safeParse({ ...approvalForBoth, inviteRule: 'approval' }).success).toBe(
      false,
    );
    const { inviteRule: _left, ...withoutInviteRule } = approvalForBoth;
    expect(UpdatePotRulesRequest.safeParse(withoutInviteRule).success).toBe(true);
  });
});

describe('pot rules (PostgreSQL)', () => {
  let db: PotsTestDatabase;
  let rules: PotRulesService;
  let pots: PotService;
  let invitations: InvitationService;

  beforeAll(() => {
    db = potsTestDatabase();
    rules = new PotRulesService(db.work);
    invitations = invitationServiceOn(db.prisma);
    pots = potServiceOn(db.prisma);
  }, 60_000);

  afterAll(() => db?.close());

  const change = (pot: TestPot, who: number, body: UpdatePotRulesRequest) =>
    rules.update({ caller: pot.members[who].caller, potId: pot.id, body });

  it('starts with today’s rules: the owner withdraws, every member spends', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben']);
    const detail = await pots.get({ caller: pot.members[1].caller, potId: pot.id });
    expect(detail.rules).toEqual({
      withdrawRule: 'owner',
      spendRule: 'members',
      approvalAbovePence: 5000,
      inviteRule: 'owner',
      simplifyDebts: true,
    });
  });

  it('lets the owner change them: members read them, the feed says what changed', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben']);
    await change(pot, 0, approvalForBoth);

    const seenByBen = await pots.get({ caller: pot.members[1].caller, potId: pot.id });
    expect(seenByBen.rules).toEqual(approvalForBoth);
    await expect(
      pots.membership({ potId: pot.id, userId: pot.members[1].caller.userId }),
    ).resolves.toMatchObject({ role: 'member', rules: approvalForBoth });
    const feed = await db.prisma.activityEvent.findMany({
      where: { potId: pot.id, type: 'pot.rules_changed' },
    });
    expect(feed.map((entry) => entry.summary)).toEqual([
      'Ann changed the pot rules: withdrawals: any member, a second member approves above £50.00; ' +
        'card spending: any member, a second member approves above £50.00',
    ]);

    // Saving the same rules again changes nothing and says nothing.
    await change(pot, 0, approvalForBoth);
    await expect(
      db.prisma.activityEvent.count({ where: { potId: pot.id, type: 'pot.rules_changed' } }),
    ).resolves.toBe(1);

    // Letting members invite; then a request without inviteRule (an older client) keeps it.
    await change(pot, 0, { ...approvalForBoth, inviteRule: 'members' });
    const { inviteRule: _left, ...withoutInviteRule } = approvalForBoth;
    await change(pot, 0, { ...withoutInviteRule, withdrawRule: 'owner' });
    await expect(pots.get({ caller: pot.members[1].caller, potId: pot.id })).resolves.toMatchObject({
      rules: { withdrawRule: 'owner', inviteRule: 'members' },
    });
    const summaries = await db.prisma.activityEvent.findMany({
      where: { potId: pot.id, type: 'pot.rules_changed' },
      orderBy: { createdAt: 'asc' },
    });
    expect(summaries.slice(1).map((entry) => entry.summary)).toEqual([
      'Ann changed the pot rules: invitations: any member',
      'Ann changed the pot rules: withdrawals: only the owner',
    ]);
  });

  it('refuses members (403), strangers (404) and an archived pot (409)', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben']);
    await expect(problemOf(change(pot, 1, approvalForBoth))).resolves.toMatchObject({
      status: 403,
      detail: 'Only the pot owner can change the pot rules.',
    });
    const stranger = { userId: randomUUID(), name: 'Eve', email: 'eve@example.com' };
    await expect(
      problemOf(rules.update({ caller: stranger, potId: pot.id, body: approvalForBoth })),
    ).resolves.toMatchObject({ status: 404 });
    const archived = await createPot(db.prisma, ['Ann', 'Ben'], { isActive: false });
    await expect(problemOf(change(archived, 0, approvalForBoth))).resolves.toMatchObject({ status: 409 });
    await expect(db.prisma.pot.findUniqueOrThrow({ where: { id: pot.id } })).resolves.toMatchObject(
      DEFAULT_POT_RULES,
    );
  });

  it('lets members invite when the owner allows it: each sees and cancels their own, the link names them', async () => {
    const pot = await createPot(db.prisma, ['Ann', 'Ben', 'Cat']);
    const [ann, ben, cat] = pot.members;
    const invite = (who: typeof ben, name: string) =>
      invitations.create({
        caller: who.caller,
        potId: pot.id,
        body: { name, email: `${name.toLowerCase()}-${randomUUID()}@example.com` },
      });

    await expect(problemOf(invite(ben, 'Dan'))).resolves.toMatchObject({
      status: 403,
      detail: "This pot's rules let only the owner invite people.",
    });
    await change(pot, 0, { ...DEFAULT_POT_RULES, inviteRule: 'members' });
    const bens = await invite(ben, 'Dan');
    const anns = await invite(ann, 'Eve');

    const listed = async (who: typeof ben) =>
      (await pots.get({ caller: who.caller, potId: pot.id })).pendingInvitations.map(({ name }) => name);
    await expect(listed(ann)).resolves.toEqual(['Eve', 'Dan']);
    await expect(listed(ben)).resolves.toEqual(['Dan']);
    await expect(listed(cat)).resolves.toEqual([]);

    const token = new URL(bens.inviteUrl).pathname.split('/').at(-1) as string;
    await expect(invitations.preview({ token })).resolves.toMatchObject({ inviterName: 'Ben' });

    // Cat cannot cancel Ben's (as if it did not exist), Ben can; the owner cancels anyone's.
    const revoke = (who: typeof ben, invitationId: string) =>
      invitations.revoke({ caller: who.caller, potId: pot.id, invitationId });
    await expect(problemOf(revoke(cat, bens.id))).resolves.toMatchObject({ status: 404 });
    await expect(problemOf(revoke(ben, anns.id))).resolves.toMatchObject({ status: 404 });
    await revoke(ben, bens.id);
    await expect(listed(ann)).resolves.toEqual(['Eve']);

    // Back to owner only: members are refused again.
    await change(pot, 0, DEFAULT_POT_RULES);
    await expect(problemOf(invite(cat, 'Fay'))).resolves.toMatchObject({ status: 403 });
  });
});
