export * from './client-event';
export * from './health';
