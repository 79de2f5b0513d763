export type { AccessTokenState } from './base-api';
export { baseApi, IDEMPOTENT_RETRY } from './base-api';
export { kittyApiWithTags, potTags } from './cache-tags';
export * from './generated/kitty-api';
export { IdempotencyKeys, newIdempotencyKey } from './idempotency';
export { httpStatusOf, isTransientFailure, problemDetail, problemOf } from './problem';
