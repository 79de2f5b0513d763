import { timingSafeEqual } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * HTTP Basic login for operator pages, separate from user accounts. It runs as a Fastify hook, in front
 * of everything mounted below `prefix` — bull-board is raw middleware that Nest guards never see.
 */
export function operatorLogin(prefix: string, credentials: { username: string; password: string }) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url !== prefix && !request.url.startsWith(`${prefix}/`)) return;
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
