export * from './dependency-checks';
export * from './health';
