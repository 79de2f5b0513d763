import { type AddGuestCommand, GuestsRpc } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { TellsPotMembers } from '../core/pot-change-notices';
import { GuestsService } from './guests.service';

@Controller()
export class GuestsController {
  constructor(private readonly guests: GuestsService) {}

  @TellsPotMembers()
  @RpcHandler(GuestsRpc.add)
  add(command: AddGuestCommand) {
    return this.guests.add(command);
  }
}
