export * from './expense';
export * from './invitation';
export * from './pot';
export * from './rpc';
