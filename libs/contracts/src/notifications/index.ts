export * from './contact';
export * from './email-job';
