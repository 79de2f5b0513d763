export * from './logger.module';
