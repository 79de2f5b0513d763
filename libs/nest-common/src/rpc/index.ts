export * from './queue-keys';
export * from './rpc.module';
export * from './rpc-client';
export * from './rpc-handler';
export * from './rpc-queue-client';
export * from './rpc-queue-server';
export * from './service-busy.filter';
