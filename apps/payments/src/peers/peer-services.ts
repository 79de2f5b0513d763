import {
  IssuingRpc,
  type PaymentAccountVerification,
  type PaymentsCaller,
  type PotRules,
  ResidencyRpc,
} from '@kitty/contracts';
import { ProblemError, RpcClient } from '@kitty/nest-common';
import { Inject, Injectable, Logger } from '@nestjs/common';

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
  accountId: string | null;
  payoutDestination: string | null;
  payoutAccountLabel: string | null;
  /** Set while payouts to a bank account that replaced another wait for the cooling-off period. */
  payoutsAvailableFrom: string | null;
}

/**
 * What payments knows of the other services: asked over request/reply (residency, issuing), or kept from
 * their events (who belongs to a pot, from pots).
 */
@Injectable()
export class PeerServices {
  private readonly logger = new Logger(PeerServices.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(POT_ACCESS_READER) private readonly potAccess: PotAccessReader,
  ) {}

  /** Whether the fee is the UK rate; an unknown residency is international (spec: UK means country GB). */
  async isUkResident(userId: string): Promise<boolean> {
    const residency = await this.rpc.call(ResidencyRpc.get, { userId });
    return residency?.isUkResident ?? false;
  }

  /**
   * The caller's verified payment account, or a 403. Money never moves for an account we could not check:
   * when issuing cannot answer, a 503 says to try again (not a 403 telling a verified user to verify).
   */
  async requireVerified(userId: string, action: 'add funds' | 'withdraw'): Promise<VerifiedAccount> {
    const verification = await this.verification(userId);
    if (!verification) {
      throw ProblemError.of(
        503,
        'Verification unavailable',
        'We could not check your account verification just now. Please try again in a moment.',
      );
    }
    if (!verification.verified)
      throw ProblemError.of(
        403,
        'Account Setup Required',
        `Complete your account verification to ${action}.`,
      );
    return verification;
  }

  /** The verification, or null when issuing cannot answer (read paths show 'no payout account'). */
  async verification(userId: string): Promise<PaymentAccountVerification | null> {
    try {
      return await this.rpc.call(IssuingRpc.getVerification, { userId });
    } catch (error) {
      this.logger.warn(`Verification of ${userId} unavailable: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * Those of `candidateUserIds` that are `userId`'s own other accounts, as far as KYC can tell. Nobody is
   * let approve a withdrawal unchecked: when issuing cannot answer, a 503 says to try again.
   */
  async samePerson(userId: string, candidateUserIds: string[]): Promise<Set<string>> {
    if (candidateUserIds.length === 0) return new Set();
    try {
      const { userIds } = await this.rpc.call(IssuingRpc.samePerson, { userId, candidateUserIds });
      return new Set(userIds);
    } catch (error) {
      if (error instanceof ProblemError && error.problem.status < 500) throw error;
      this.logger.warn(`Identity check for ${userId} unavailable: ${(error as Error).message}`);
      throw ProblemError.of(
        503,
        'Verification unavailable',
        'We could not check who may approve this withdrawal just now. Please try again in a moment.',
      );
    }
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
    const deadline = Date.now() + POT_ACCESS_WAIT_MS;
    for (;;) {
      const access = await this.potAccess.find(potId);
      const isMember = access?.members.some((member) => member.userId === userId) ?? false;
      if (access && isMember && wanted(access)) return access;
      if (Date.now() >= deadline) {
        if (access && isMember) return access;
        throw potNotFound();
      }
      await new Promise((resolve) => setTimeout(resolve, POT_ACCESS_RETRY_MS));
    }
  }
}

/** How long a member missing from the projection is looked for (longer than the outbox relay's poll). */
const POT_ACCESS_WAIT_MS = 1_000;
const POT_ACCESS_RETRY_MS = 50;

export const potNotFound = () =>
  ProblemError.of(404, 'Pot not found', 'This pot does not exist or you are not a member.');
