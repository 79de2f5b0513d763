export * from './throwaway-database';
