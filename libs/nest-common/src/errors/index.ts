export * from './problem-error';
