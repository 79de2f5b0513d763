import type { PaymentsCaller } from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';

import type { AuthenticatedUser } from '../auth/jwt-auth.guard';

/** Calls the payments service on behalf of the signed-in user, who is part of every command it checks. */
@Injectable()
export class PaymentsRpc {
  constructor(private readonly rpc: RpcClient) {}

  send<Reply extends z.ZodType>(pattern: string, user: AuthenticatedUser, args: object, reply: Reply) {
    const caller: PaymentsCaller = { userId: user.id, email: user.email, name: user.name };
    return this.rpc.send(pattern, { caller, ...args }, reply);
  }
}
