import {
  AuthRpc,
  type DeleteAccountCommand,
  type EndOtherSessionsCommand,
  type EndSessionCommand,
  type ListSessionsQuery,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { SessionService } from '../sessions/session.service';
import { AccountDeletionService } from './account-deletion.service';

/** The account page's commands: signed-in devices and deletion. */
@Controller()
export class AccountController {
  constructor(
    private readonly sessions: SessionService,
    private readonly deletion: AccountDeletionService,
  ) {}

  @RpcHandler(AuthRpc.listSessions)
  async listSessions({ userId, currentSessionId }: ListSessionsQuery) {
    return { sessions: await this.sessions.list(userId, currentSessionId) };
  }

  @RpcHandler(AuthRpc.endSession)
  async endSession({ userId, sessionId }: EndSessionCommand) {
    await this.sessions.endOwn(userId, sessionId);
    return { ok: true } as const;
  }

  @RpcHandler(AuthRpc.endOtherSessions)
  async endOtherSessions({ userId, keep }: EndOtherSessionsCommand) {
    return { ended: await this.sessions.endAllOf(userId, keep) };
  }

  @RpcHandler(AuthRpc.deleteAccount)
  async deleteAccount(command: DeleteAccountCommand) {
    await this.deletion.delete(command);
    return { ok: true } as const;
  }
}
