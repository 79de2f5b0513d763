export * from './authorizations';
export * from './bank-account';
export * from './cards';
export * from './jobs';
export * from './kyc';
export * from './onboarding';
export * from './rpc';
export * from './verification';
