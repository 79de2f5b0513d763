export * from './job-coalescer';
export * from './queue-connection';
export * from './queue-processor';
export * from './queue-registry';
export * from './queue-worker';
