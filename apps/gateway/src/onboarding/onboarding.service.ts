import {
  AuthPatterns,
  AuthUser,
  type IssuingCaller,
  IssuingPatterns,
  type KycRequest,
  OnboardingStatus,
} from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../auth/jwt-auth.guard';

/**
 * Onboarding on behalf of the signed-in user: the issuing service owns the payment account; once KYC is
 * complete the user's profile (legal name, phone number) is updated in auth, as the spec's update-kyc did.
 */
@Injectable()
export class OnboardingService {
  constructor(private readonly rpc: RpcClient) {}

  status(user: AuthenticatedUser) {
    return this.issuing(IssuingPatterns.getOnboarding, user);
  }

  createAccount(user: AuthenticatedUser) {
    return this.issuing(IssuingPatterns.createAccount, user);
  }

  recreateAccount(user: AuthenticatedUser) {
    return this.issuing(IssuingPatterns.recreateAccount, user);
  }

  /** A repeated submission repeats both steps harmlessly, so a failed profile update is simply retried. */
  async updateKyc(user: AuthenticatedUser, body: KycRequest) {
    const status = await this.issuing(IssuingPatterns.updateKyc, user, { body });
    await this.rpc.send(
      AuthPatterns.updateProfile,
      { userId: user.id, fullName: `${body.firstName} ${body.lastName}`, phoneNumber: body.phoneNumber },
      AuthUser,
    );
    return status;
  }

  private issuing(pattern: string, user: AuthenticatedUser, args: object = {}) {
    return this.rpc.send(pattern, { caller: callerOf(user), ...args }, OnboardingStatus);
  }
}

const callerOf = (user: AuthenticatedUser): IssuingCaller => ({
  userId: user.id,
  email: user.email,
  name: user.name,
});
