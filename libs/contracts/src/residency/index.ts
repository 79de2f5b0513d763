export * from './detect-job';
export * from './residency';
