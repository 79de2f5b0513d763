export * from './recorded-live';
export * from './throwaway-database';
