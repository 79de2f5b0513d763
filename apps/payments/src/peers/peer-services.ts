import { type PaymentsCaller, type PotRules, ResidencyRpc } from '@kitty/contracts';
import { ProblemError, RpcClient } from '@kitty/nest-common';
import { Inject, Injectable } from '@nestjs/common';

import {
  PAYMENT_ACCOUNT_READER,
  type PaymentAccountReader,
  type PaymentAccountSnapshot,
} from '../payment-accounts/payment-account.repository';
import {
  POT_ACCESS_READER,
  type PotAccessReader,
  type PotAccessSnapshot,
} from '../pot-access/pot-access.repository';

/** A member's place in a pot, as payments decides on it. */
export interface PotMembership {
  role: 'owner' | 'member';
  potName: string;
  rules: PotRules;
}

/** A verified payment account, with where its payouts go. */
export interface VerifiedAccount {
  accountId: string;
  payoutDestination: string | null;
  payoutAccountLabel: string | null;
  /** Set while payouts to a bank account that replaced another wait for the cooling-off period. */
  payoutsAvailableFrom: string | null;
}

/**
 * What payments knows of the other services: asked over request/reply (residency), or kept from their events
 * (who belongs to a pot, from pots; each user's payment account, from issuing). Payments never asks issuing:
 * issuing asks payments to decide card payments, and two services calling each other would wait on each
 * other.
 */
@Injectable()
export class PeerServices {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(POT_ACCESS_READER) private readonly potAccess: PotAccessReader,
    @Inject(PAYMENT_ACCOUNT_READER) private readonly paymentAccounts: PaymentAccountReader,
  ) {}

  /** Whether the fee is the UK rate; an unknown residency is international (spec: UK means country GB). */
  async isUkResident(userId: string): Promise<boolean> {
    const residency = await this.rpc.call(ResidencyRpc.get, { userId });
    return residency?.isUkResident ?? false;
  }

  /**
   * The caller's verified payment account, or a 403. Read from payments' projection of issuing's
   * announcements, which lags a change by one outbox relay: an account completed (or, to withdraw, given a
   * bank account) a moment ago is looked at again for a short while before the caller is refused on older
   * news. Where payouts go is safe to read from it: a bank account that replaced another arrives in the same
   * announcement as its cooling-off, so no stale projection pays a new destination early (docs/adr/0020).
   */
  async requireVerified(userId: string, action: 'add funds' | 'withdraw'): Promise<VerifiedAccount> {
    const ready = (account: PaymentAccountSnapshot) =>
      isVerified(account) && (action !== 'withdraw' || account.payoutDestination !== null);
    const account = await this.paymentAccountFor(userId, ready);
    if (!account || !isVerified(account))
      throw ProblemError.of(
        403,
        'Account Setup Required',
        `Complete your account verification to ${action}.`,
      );
    return verifiedAccount(account);
  }

  /** The verified account as the projection holds it now, or null (not verified, or not heard of yet). */
  async verification(userId: string): Promise<VerifiedAccount | null> {
    const account = await this.paymentAccounts.find(userId);
    return account && isVerified(account) ? verifiedAccount(account) : null;
  }

  /**
   * Those of `candidateUserIds` that are `userId`'s own other accounts: KYC accepted the same phone number on
   * both (issuing's identity key). The projection may not show yet an account whose KYC completed a moment
   * ago; that account answers as one whose KYC is not complete, which was never anyone's (see docs/adr/0020).
   */
  async samePerson(userId: string, candidateUserIds: string[]): Promise<Set<string>> {
    if (candidateUserIds.length === 0) return new Set();
    const keys = await this.paymentAccounts.identityKeys([userId, ...candidateUserIds]);
    const own = keys.get(userId);
    if (own === undefined) return new Set();
    return new Set(candidateUserIds.filter((id) => id !== userId && keys.get(id) === own));
  }

  /**
   * The caller's role in a pot, its name and its rules (who may withdraw); a non-member gets pots' own 404
   * wording. Read from payments' projection of pots' announcements. A membership that would not allow
   * what the caller asks (`allows` false) may be older news than a change just made (the owner's new rules):
   * it is looked at again for a short while before the caller's refusal stands on it.
   */
  async requireMembership(
    potId: string,
    userId: string,
    allows: (membership: PotMembership) => boolean = () => true,
  ): Promise<PotMembership> {
    const membershipIn = (access: PotAccessSnapshot): PotMembership | null => {
      const member = access.members.find((candidate) => candidate.userId === userId);
      return member ? { role: member.role, potName: access.name, rules: access.rules } : null;
    };
    const access = await this.accessFor(potId, userId, (candidate) => {
      const membership = membershipIn(candidate);
      return membership !== null && allows(membership);
    });
    return membershipIn(access) as PotMembership;
  }

  /**
   * A pot the caller belongs to: its name, its current members' names and when they joined, by user id
   * (anyone else: 404, in pots' words). Guests have no account, so no money of theirs to name.
   */
  async potMembers(
    caller: PaymentsCaller,
    potId: string,
  ): Promise<{ potName: string; names: Map<string, string>; joinedAt: Map<string, Date> }> {
    const access = await this.accessFor(potId, caller.userId);
    return {
      potName: access.name,
      names: new Map(access.members.map((member) => [member.userId, member.name])),
      joinedAt: new Map(access.members.map((member) => [member.userId, new Date(member.joinedAt)])),
    };
  }

  /**
   * The pot's access with `userId` among its members, or 404. A pot created or joined a moment ago may not
   * have reached the projection yet (one outbox relay): an access that is not `wanted` is looked at again for
   * a short while; past it, the latest stands (404 without the member).
   */
  private async accessFor(
    potId: string,
    userId: string,
    wanted: (access: PotAccessSnapshot) => boolean = () => true,
  ): Promise<PotAccessSnapshot> {
    const isMember = (access: PotAccessSnapshot) => access.members.some((member) => member.userId === userId);
    const access = await readProjection(
      () => this.potAccess.find(potId),
      (candidate) => isMember(candidate) && wanted(candidate),
    );
    if (access && isMember(access)) return access;
    throw potNotFound();
  }

  /** The user's payment account once it is `wanted`, or as it stands after the wait (like accessFor). */
  private paymentAccountFor(
    userId: string,
    wanted: (account: PaymentAccountSnapshot) => boolean,
  ): Promise<PaymentAccountSnapshot | null> {
    return readProjection(() => this.paymentAccounts.find(userId), wanted);
  }
}

/** How long what a projection does not show yet is looked for (longer than the outbox relay's poll). */
const PROJECTION_WAIT_MS = 1_000;
const PROJECTION_RETRY_MS = 50;

/**
 * A projection's row, read again every PROJECTION_RETRY_MS until it is `wanted` or PROJECTION_WAIT_MS have
 * passed (then the latest read stands, wanted or not): a projection trails its source by one outbox relay.
 */
async function readProjection<Row>(
  read: () => Promise<Row | null>,
  wanted: (row: Row) => boolean,
): Promise<Row | null> {
  const deadline = Date.now() + PROJECTION_WAIT_MS;
  for (;;) {
    const row = await read();
    if ((row && wanted(row)) || Date.now() >= deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, PROJECTION_RETRY_MS));
  }
}

/** KYC complete on an account whose owner has not deleted theirs. */
const isVerified = (account: PaymentAccountSnapshot) => account.verified && !account.closed;

function verifiedAccount(account: PaymentAccountSnapshot, now = new Date()): VerifiedAccount {
  const waitsUntil = account.payoutsAvailableFrom;
  return {
    accountId: account.accountId,
    payoutDestination: account.payoutDestination,
    payoutAccountLabel: account.payoutAccountLabel,
    payoutsAvailableFrom: waitsUntil && new Date(waitsUntil) > now ? waitsUntil : null,
  };
}

export const potNotFound = () =>
  ProblemError.of(404, 'Pot not found', 'This pot does not exist or you are not a member.');
