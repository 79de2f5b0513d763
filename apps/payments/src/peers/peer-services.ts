import {
  IssuingRpc,
  type PaymentAccountVerification,
  type PaymentsCaller,
  type PotRules,
  PotsRpc,
  ResidencyRpc,
} from '@kitty/contracts';
import { ProblemError, RpcClient } from '@kitty/nest-common';
import { Injectable, Logger } from '@nestjs/common';

/** A verified payment account, with where its payouts go. */
export interface VerifiedAccount {
  accountId: string | null;
  payoutDestination: string | null;
  payoutAccountLabel: string | null;
  /** Set while payouts to a bank account that replaced another wait for the cooling-off period. */
  payoutsAvailableFrom: string | null;
}

/** What payments asks the other services (residency, issuing, pots) over request/reply. */
@Injectable()
export class PeerServices {
  private readonly logger = new Logger(PeerServices.name);

  constructor(private readonly rpc: RpcClient) {}

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
   * The caller's role in a pot, its name and its rules (who may withdraw, issue 13 §4); a non-member gets
   * the pots service's own 404 wording.
   */
  async requireMembership(
    potId: string,
    userId: string,
  ): Promise<{ role: 'owner' | 'member'; potName: string; rules: PotRules | null }> {
    const membership = await this.rpc.call(PotsRpc.getMembership, { potId, userId });
    if (!membership.role || membership.potName === null) throw potNotFound();
    return { role: membership.role, potName: membership.potName, rules: membership.rules };
  }

  /**
   * A pot the caller belongs to: its name, its current members' names and when they joined, by user id
   * (pots answers 404, in its own words, to anyone else).
   */
  async potMembers(
    caller: PaymentsCaller,
    potId: string,
  ): Promise<{ potName: string; names: Map<string, string>; joinedAt: Map<string, Date> }> {
    const pot = await this.rpc.call(PotsRpc.getPot, { caller, potId });
    // Guests have no account, so no money of theirs to name.
    const accountHolders = pot.members.flatMap((member) =>
      member.userId ? [{ ...member, userId: member.userId }] : [],
    );
    return {
      potName: pot.name,
      names: new Map(accountHolders.map((member) => [member.userId, member.name])),
      joinedAt: new Map(accountHolders.map((member) => [member.userId, new Date(member.joinedAt)])),
    };
  }
}

export const potNotFound = () =>
  ProblemError.of(404, 'Pot not found', 'This pot does not exist or you are not a member.');
