export * from './detect-job';
export * from './events';
export * from './residency';
