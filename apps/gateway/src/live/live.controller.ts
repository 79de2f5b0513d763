import type { ChangedExpense, LiveTopic } from '@kitty/contracts';
import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { RevokedSessions } from '../auth/revoked-sessions';
import { LiveHub, type LiveStream } from './live-hub';

/** A comment line this often keeps proxies (and the balancer) from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** A token without an expiry (never ours) still gets a stream of bounded life. */
const LONGEST_STREAM_MS = 15 * 60_000;
/** How long a browser waits before reconnecting after the stream ends. */
const RETRY_MS = 2_000;

/**
 * `GET /api/live`: server-sent events telling the caller's open tab what changed — `ready`
 * once, then `change` with `{ topics, at, expense? }` — until the access token expires; the tab then reconnects
 * with its fresh token. A session that ends (sign-out, password change, deletion…) has its streams ended
 * by the hub as auth announces it; each heartbeat also asks whether the session was revoked, in case that
 * announcement was lost while this replica's Redis subscription was down.
 */
@Controller('live')
export class LiveController {
  constructor(
    private readonly hub: LiveHub,
    private readonly revokedSessions: RevokedSessions,
  ) {}

  // A stream, not a JSON operation: the generated client could not read it (apps/web/src/live reads it).
  @ApiExcludeEndpoint()
  @Get()
  open(@CurrentUser() user: AuthenticatedUser, @Res() reply: FastifyReply): void {
    const raw = reply.raw;
    let ended = false;
    const stream: LiveStream = {
      send: (topics: LiveTopic[], at: number, expense?: ChangedExpense) =>
        void raw.write(`event: change\ndata: ${JSON.stringify({ topics, at, expense })}\n\n`),
      end: () => finish(),
    };
    // Refused (429) before anything is written, through the usual problem answer.
    const remove = this.hub.open(user.id, stream, user.sessionId);

    reply.hijack();
    // The headers every answer carries (security headers, request id), then the stream's own.
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) raw.setHeader(name, value);
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies that buffer (nginx) pass each event on at once.
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
    const heartbeat = setInterval(() => {
      raw.write(': keep-alive\n\n');
      if (user.sessionId)
        this.revokedSessions.isRevoked(user.sessionId).then(
          (revoked) => revoked && finish(),
          // Redis away: the stream still ends when the access token expires.
          () => undefined,
        );
    }, HEARTBEAT_MS);
    const lifetime = user.expiresAt === undefined ? LONGEST_STREAM_MS : user.expiresAt - Date.now();
    const expiry = setTimeout(() => finish(), Math.max(0, Math.min(lifetime, LONGEST_STREAM_MS)));
    const finish = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      remove();
      raw.end();
    };
    // The response's close (not the request's, which a GET emits once read): the tab went away.
    raw.on('close', finish);
  }
}
