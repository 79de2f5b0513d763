export * from './events';
export * from './card-money';
export * from './funding';
export * from './money-fields';
export * from './rpc';
export * from './top-up-request';
export * from './wallet';
export * from './withdrawal';
