export * from './redis-client';
export * from './redis-url';
