export type { AccessTokenState } from './base-api';
export { baseApi } from './base-api';
export * from './generated/kitty-api';
export { httpStatusOf, isTransientFailure, problemDetail, problemOf } from './problem';
