export * from './credentials';
export * from './rpc';
