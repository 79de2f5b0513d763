export * from './auth';
export * from './common';
export * from './gateway';
export * from './notifications';
export * from './pots';
export * from './queues';
export * from './residency';
