export * from './fields';
export * from './idempotency';
export * from './problem';
export * from './queue';
export * from './rpc';
export * from './schema-registry';
