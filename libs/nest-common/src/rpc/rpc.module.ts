import { type DynamicModule, Module } from '@nestjs/common';

import { RPC_PROXY, RpcClient } from './rpc-client';
import { RpcQueueClient } from './rpc-queue-client';

/** Gives a process an RpcClient on the Redis request queues; every call carries the current request id. */
@Module({})
export class RpcModule {
  static register(options: { redisUrl: string; prefix: string }): DynamicModule {
    return {
      module: RpcModule,
      providers: [
        {
          provide: RPC_PROXY,
          useFactory: () => new RpcQueueClient({ redisUrl: options.redisUrl, prefix: options.prefix }),
        },
        RpcClient,
      ],
      exports: [RpcClient],
    };
  }
}
