import {
  AuthRpc,
  type ChangePasswordCommand,
  type ConfirmPasswordCommand,
  type RequestPasswordResetCommand,
  type ResetPasswordCommand,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { PasswordConfirmation } from '../sign-in/password-confirmation';
import { PasswordService } from './password.service';

@Controller()
export class PasswordController {
  constructor(
    private readonly passwords: PasswordService,
    private readonly confirmation: PasswordConfirmation,
  ) {}

  @RpcHandler(AuthRpc.requestPasswordReset)
  requestReset(command: RequestPasswordResetCommand) {
    return this.passwords.requestReset(command);
  }

  @RpcHandler(AuthRpc.resetPassword)
  async reset(command: ResetPasswordCommand) {
    await this.passwords.reset(command);
    return { ok: true } as const;
  }

  @RpcHandler(AuthRpc.changePassword)
  async change(command: ChangePasswordCommand) {
    await this.passwords.change(command);
    return { ok: true } as const;
  }

  @RpcHandler(AuthRpc.confirmPassword)
  async confirm(command: ConfirmPasswordCommand) {
    await this.confirmation.confirm(command);
    return { ok: true } as const;
  }
}
