export * from './fields';
export * from './problem';
export * from './queue';
export * from './rpc';
export * from './schema-registry';
