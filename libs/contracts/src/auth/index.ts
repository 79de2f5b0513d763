export * from './credentials';
export * from './events';
export * from './reauthentication';
export * from './rpc';
export * from './sessions';
