export * from './pg-adapter';
