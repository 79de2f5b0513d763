import { type CloseWalletCommand, PaymentsRpc } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { WalletClosingService } from './wallet-closing.service';

@Controller()
export class WalletController {
  constructor(private readonly closing: WalletClosingService) {}

  @RpcHandler(PaymentsRpc.closeWallet)
  async closeWallet(command: CloseWalletCommand) {
    await this.closing.close(command);
    return { ok: true } as const;
  }
}
