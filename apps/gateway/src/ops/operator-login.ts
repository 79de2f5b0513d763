import { timingSafeEqual } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * HTTP Basic login for operator pages, separate from user accounts. It is an `onRequest` hook of the
 * operator server itself (see ops-server.ts), so it guards every route there by construction: it never
 * looks at the URL, because comparing URL spellings with what the router decodes is how such a guard is
 * bypassed (`/admin/%71ueues`).
 */
export function operatorLogin(credentials: { username: string; password: string }) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    const [username, ...rest] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    const valid =
      scheme === 'Basic' &&
      sameText(username ?? '', credentials.username) &&
      sameText(rest.join(':'), credentials.password);
    if (valid) return;
    await reply
      .status(401)
      .header('WWW-Authenticate', 'Basic realm="Kitty operations", charset="UTF-8"')
      .type('application/problem+json')
      .send({ type: 'about:blank', status: 401, title: 'Unauthorized', detail: 'Operator login required.' });
  };
}
