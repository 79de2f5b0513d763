import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** The slice of the host app's store the client reads: the in-memory access token (never persisted). */
export interface AccessTokenState {
  session: { accessToken: string | null };
}

/**
 * Hand-written root of the generated client. Same origin: the refresh cookie (HttpOnly, path /api/auth)
 * travels with `credentials: 'include'`; every other call carries the access token as a Bearer header.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/',
    credentials: 'include',
    prepareHeaders: (headers, { getState }) => {
      const token = (getState() as AccessTokenState).session.accessToken;
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  }),
  endpoints: () => ({}),
});
