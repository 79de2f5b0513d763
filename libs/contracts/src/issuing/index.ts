export * from './authorizations';
export * from './kyc';
export * from './onboarding';
export * from './verification';
