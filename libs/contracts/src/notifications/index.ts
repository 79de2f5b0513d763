export * from './contact';
export * from './email-job';
export * from './email-limits';
export * from './email-preferences';
export * from './jobs';
export * from './notification';
