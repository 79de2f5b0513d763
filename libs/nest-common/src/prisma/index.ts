export * from './pg-adapter';
export * from './sql-identifier';
