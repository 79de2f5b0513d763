export * from './bootstrap-service';
export * from './trusted-connections';
