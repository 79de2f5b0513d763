export * from './service-infrastructure';
