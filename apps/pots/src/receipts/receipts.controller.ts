import { type AttachReceiptCommand, type ReceiptQuery, ReceiptsRpc } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { TellsPotMembers } from '../core/pot-change-notices';
import { ReceiptsService } from './receipts.service';

@Controller()
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @TellsPotMembers()
  @RpcHandler(ReceiptsRpc.attach)
  attach(command: AttachReceiptCommand) {
    return this.receipts.attach(command);
  }

  @RpcHandler(ReceiptsRpc.get)
  get(query: ReceiptQuery) {
    return this.receipts.get(query);
  }

  @TellsPotMembers()
  @RpcHandler(ReceiptsRpc.remove)
  async remove(query: ReceiptQuery) {
    await this.receipts.remove(query);
    return { ok: true } as const;
  }
}
