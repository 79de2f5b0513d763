export * from './credentials';
export * from './events';
export * from './rpc';
export * from './sessions';
