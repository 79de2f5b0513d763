export * from './redis-url';
