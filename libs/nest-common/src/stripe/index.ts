export * from './stripe-client';
