export * from './derived-id';
