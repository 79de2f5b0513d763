export * from './instrument-http';
export * from './redact-url';
