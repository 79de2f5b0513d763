import { type DynamicModule, Module } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';

import { redisOptionsFromUrl } from '../redis';
import { RequestIdSerializer, RPC_RECONNECT } from './request-id-transport';
import { RPC_PROXY, RpcClient } from './rpc-client';

/** Gives a process an RpcClient on the shared Redis transport; every call carries the current request id. */
@Module({})
export class RpcModule {
  static register(redisUrl: string): DynamicModule {
    return {
      module: RpcModule,
      providers: [
        {
          provide: RPC_PROXY,
          useFactory: () =>
            ClientProxyFactory.create({
              transport: Transport.REDIS,
              options: {
                ...redisOptionsFromUrl(redisUrl),
                ...RPC_RECONNECT,
                serializer: new RequestIdSerializer(),
              },
            }),
        },
        RpcClient,
      ],
      exports: [RpcClient],
    };
  }
}
