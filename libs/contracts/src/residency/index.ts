export * from './detect-job';
export * from './events';
export * from './jobs';
export * from './residency';
