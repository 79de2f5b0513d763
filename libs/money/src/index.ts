export type { DecimalString } from './decimal';
export * from './errors';
export * from './fee';
export * from './format';
export type { MemberValues } from './members';
export * from './pence';
export * from './positions';
export * from './settle-up';
export * from './split';
