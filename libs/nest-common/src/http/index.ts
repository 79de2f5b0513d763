export * from './instrument-http';
