import { type GetResidencyQuery, ResidencyRpc } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { ResidencyService } from './residency.service';

@Controller()
export class ResidencyController {
  constructor(private readonly residency: ResidencyService) {}

  @RpcHandler(ResidencyRpc.get)
  get(query: GetResidencyQuery) {
    return this.residency.get(query.userId);
  }
}
