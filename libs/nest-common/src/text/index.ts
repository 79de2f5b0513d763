export * from './shorten-text';
