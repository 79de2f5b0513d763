export type { AccessTokenState } from './base-api';
export { baseApi } from './base-api';
export { kittyApiWithTags, potTags } from './cache-tags';
export * from './generated/kitty-api';
export { httpStatusOf, isTransientFailure, problemDetail, problemOf } from './problem';
