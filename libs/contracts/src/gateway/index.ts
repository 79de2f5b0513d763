export * from './account-export';
export * from './client-event';
export * from './health';
