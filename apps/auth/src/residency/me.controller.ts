import { AuthRpc, type GetUserQuery } from '@kitty/contracts';
import { ProblemError, RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { ResidencyCopyRepository } from './residency-copy.repository';

@Controller()
export class MeController {
  constructor(private readonly copies: ResidencyCopyRepository) {}

  @RpcHandler(AuthRpc.getMe)
  async getMe({ userId }: GetUserQuery) {
    const me = await this.copies.meOf(userId);
    if (!me) throw ProblemError.of(404, 'User not found');
    return me;
  }
}
