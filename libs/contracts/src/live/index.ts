export * from './live-notice';
