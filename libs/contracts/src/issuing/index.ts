export * from './authorizations';
export * from './bank-account';
export * from './cards';
export * from './jobs';
export * from './kyc';
export * from './onboarding';
export * from './payment-account-events';
export * from './rpc';
