export * from './live-publisher';
