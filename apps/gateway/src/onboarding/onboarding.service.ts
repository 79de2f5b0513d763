import {
  AuthRpc,
  type BankAccountRequest,
  type CallerContext,
  IssuingRpc,
  type KycRequest,
  type RecreatePaymentAccountRequest,
} from '@kitty/contracts';
import { ProblemError, RpcClient } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { signedInCaller } from '../rpc/signed-in-caller';

/**
 * Onboarding on behalf of the signed-in user: the issuing service owns the payment account; once KYC is
 * complete the user's profile (legal name, phone number) is updated in auth, as the spec's update-kyc did.
 */
@Injectable()
export class OnboardingService {
  constructor(private readonly rpc: RpcClient) {}

  status(user: AuthenticatedUser) {
    return this.rpc.call(IssuingRpc.getOnboarding, { caller: signedInCaller(user) });
  }

  createAccount(user: AuthenticatedUser) {
    return this.rpc.call(IssuingRpc.createAccount, { caller: signedInCaller(user) });
  }

  recreateAccount(user: AuthenticatedUser, body: RecreatePaymentAccountRequest) {
    return this.rpc.call(IssuingRpc.recreateAccount, { caller: signedInCaller(user), body });
  }

  bankAccount(user: AuthenticatedUser) {
    return this.rpc.call(IssuingRpc.getBankAccount, { caller: signedInCaller(user) });
  }

  /**
   * Where withdrawals go is changed only by someone who knows the password (recent authentication): auth
   * checks it, counting a wrong one like a failed sign-in, before issuing sees the bank details.
   */
  async setBankAccount(user: AuthenticatedUser, { password, ...details }: BankAccountRequest) {
    await this.rpc.call(AuthRpc.confirmPassword, { userId: user.id, password });
    return this.rpc.call(IssuingRpc.setBankAccount, { caller: signedInCaller(user), body: details });
  }

  /**
   * The form's acceptance of the provider's terms is recorded as the provider asks: now, from the
   * client's IP address and user agent. A repeated submission repeats both steps harmlessly, so a failed
   * profile update is simply retried.
   */
  async updateKyc(user: AuthenticatedUser, body: KycRequest, client: CallerContext) {
    const status = await this.rpc.call(IssuingRpc.updateKyc, {
      caller: signedInCaller(user),
      body,
      acceptance: {
        acceptedAt: new Date().toISOString(),
        // Fastify always knows the peer's address; a request without one has no acceptance to record.
        ip: client.ip ?? unknownClient(),
        userAgent: client.userAgent,
      },
    });
    await this.rpc.call(AuthRpc.updateProfile, {
      userId: user.id,
      fullName: `${body.firstName} ${body.lastName}`,
      phoneNumber: body.phoneNumber,
    });
    return status;
  }
}

function unknownClient(): never {
  throw ProblemError.of(400, 'Bad request', 'The request does not say where it came from.');
}
