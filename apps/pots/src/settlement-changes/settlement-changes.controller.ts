import {
  SettlementChangesRpc,
  type UndoSettlementCommand,
  type UpdateSettlementCommand,
} from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { TellsPotMembers } from '../core/pot-change-notices';
import { SettlementChangesService } from './settlement-changes.service';

@Controller()
export class SettlementChangesController {
  constructor(private readonly changes: SettlementChangesService) {}

  @TellsPotMembers()
  @RpcHandler(SettlementChangesRpc.update)
  update(command: UpdateSettlementCommand) {
    return this.changes.update(command);
  }

  @TellsPotMembers()
  @RpcHandler(SettlementChangesRpc.undo)
  async undo(command: UndoSettlementCommand) {
    await this.changes.undo(command);
    return { ok: true } as const;
  }
}
