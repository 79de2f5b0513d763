export * from './rpc.module';
export * from './rpc-client';
