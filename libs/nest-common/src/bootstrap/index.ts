export * from './bootstrap-service';
