import { type ImportBatchCommand, type PotQuery, PotsRpc, type PreviewImportCommand } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { TellsPotMembers } from '../core/pot-change-notices';
import { TransferFilesService } from './transfer-files.service';

@Controller()
export class TransferFilesController {
  constructor(private readonly transferFiles: TransferFilesService) {}

  @RpcHandler(PotsRpc.exportPot)
  exportPot(query: PotQuery) {
    return this.transferFiles.export(query);
  }

  @RpcHandler(PotsRpc.previewImport)
  previewImport(command: PreviewImportCommand) {
    return this.transferFiles.preview(command);
  }

  @TellsPotMembers()
  @RpcHandler(PotsRpc.importBatch)
  importBatch(command: ImportBatchCommand) {
    return this.transferFiles.importBatch(command);
  }
}
