export * from './credentials';
export * from './events';
export * from './jobs';
export * from './reauthentication';
export * from './rpc';
export * from './sessions';
