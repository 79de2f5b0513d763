export * from './request-id-transport';
export * from './rpc.module';
export * from './rpc-client';
