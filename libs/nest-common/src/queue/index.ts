export * from './job-coalescer';
export * from './queue-registry';
export * from './queue-worker';
