export * from './email-quota';
