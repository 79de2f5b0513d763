import {
  AuthRpc,
  type GetUserQuery,
  type RefreshCommand,
  type ResendVerificationCommand,
  type SignInCommand,
  type SignOutCommand,
  type SignUpCommand,
  type UpdateProfileCommand,
  type VerifyEmailCommand,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { AuthService } from './auth.service';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @RpcHandler(AuthRpc.signUp)
  signUp(command: SignUpCommand) {
    return this.auth.signUp(command);
  }

  @RpcHandler(AuthRpc.verifyEmail)
  verifyEmail(command: VerifyEmailCommand) {
    return this.auth.verifyEmail(command);
  }

  @RpcHandler(AuthRpc.resendVerification)
  async resendVerification(command: ResendVerificationCommand) {
    await this.auth.resendVerification(command);
    return { ok: true } as const;
  }

  @RpcHandler(AuthRpc.signIn)
  signIn(command: SignInCommand) {
    return this.auth.signIn(command);
  }

  @RpcHandler(AuthRpc.refresh)
  refresh(command: RefreshCommand) {
    return this.auth.refresh(command);
  }

  @RpcHandler(AuthRpc.signOut)
  async signOut(command: SignOutCommand) {
    await this.auth.signOut(command);
    return { ok: true } as const;
  }

  @RpcHandler(AuthRpc.getUser)
  getUser(query: GetUserQuery) {
    return this.auth.getUser(query.userId);
  }

  @RpcHandler(AuthRpc.updateProfile)
  updateProfile(command: UpdateProfileCommand) {
    return this.auth.updateProfile(command);
  }
}
