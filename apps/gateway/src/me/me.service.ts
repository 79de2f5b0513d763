import { AuthRpc, type ChangePasswordRequest, type Me, type Residency, ResidencyRpc } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Injectable, Logger } from '@nestjs/common';

@Injectable()
export class MeService {
  private readonly logger = new Logger(MeService.name);

  constructor(private readonly rpc: RpcClient) {}

  /** One call: auth answers with its copy of the residency, so `GET /api/me` waits for one service only. */
  me(userId: string): Promise<Me> {
    return this.rpc.call(AuthRpc.getMe, { userId });
  }

  /** Keeps the caller's own session (`sessionId`) and ends every other one. */
  async changePassword(userId: string, sessionId: string | null, body: ChangePasswordRequest): Promise<void> {
    await this.rpc.call(AuthRpc.changePassword, { userId, sessionId, body });
  }

  resendVerificationEmail(userId: string) {
    return this.rpc.call(AuthRpc.resendVerification, { userId });
  }

  /** Residency is a badge, not a gate: when it cannot be read the user simply sees none. */
  async residencyOf(userId: string): Promise<Residency | null> {
    try {
      return await this.rpc.call(ResidencyRpc.get, { userId });
    } catch (error) {
      this.logger.warn(
        `Failed to read residency of ${userId}: ${error instanceof Error ? error.message : error}`,
      );
      return null;
    }
  }
}
