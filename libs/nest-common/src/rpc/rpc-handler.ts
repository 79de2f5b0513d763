import type { RpcContract } from '@kitty/contracts';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';

import { parseOrThrow } from '../errors';

type Reply<Contract extends RpcContract> = z.input<Contract['reply']>;

/**
 * Marks a method as the handler of a contract's pattern and parses its payload with the contract's request
 * schema first (a 400 problem naming the fields when it does not match), so the method receives the
 * parsed, typed request.
 */
export function RpcHandler<Contract extends RpcContract>(contract: Contract) {
  return <
    Method extends (request: z.output<Contract['request']>) => Reply<Contract> | Promise<Reply<Contract>>,
  >(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<Method>,
  ): void => {
    const handle = descriptor.value!;
    descriptor.value = function (this: unknown, payload: unknown) {
      return handle.call(this, parseOrThrow(contract.request, payload) as z.output<Contract['request']>);
    } as Method;
    MessagePattern(contract.pattern)(target, key, descriptor);
  };
}
