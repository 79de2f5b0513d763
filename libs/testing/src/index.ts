export * from './database-before-migration';
export * from './recorded-live';
export * from './throwaway-database';
