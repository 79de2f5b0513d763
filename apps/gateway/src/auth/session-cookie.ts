import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'kitty_refresh';
/** The refresh token travels only to the auth routes, never to the rest of the API. */
const COOKIE_PATH = '/api/auth';

export function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: string, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: COOKIE_PATH,
    expires: new Date(expiresAt),
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, secure, sameSite: 'strict', path: COOKIE_PATH });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
