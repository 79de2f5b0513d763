export * from './hmac-key';
