export * from './queue-registry';
export * from './queue-worker';
