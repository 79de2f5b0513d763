import 'reflect-metadata';

import { Writable } from 'node:stream';

import { Controller, Get, Module, Param, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';

import { instrumentHttp } from '../http/instrument-http';
import { loggerModule } from './logger.module';

const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';

@Controller('api/invitations')
class InvitationsController {
  @Get(':token')
  preview(@Param('token') token: string) {
    return { valid: token.length > 0 };
  }
}

@Controller('api/me')
class SignedInController {
  /** As the gateway's JWT guard does once it has verified the caller. */
  @Get()
  me(@Req() request: { raw: object }) {
    Object.assign(request.raw, { userId: 'user-1' });
    return {};
  }
}

describe('access log', () => {
  const lines: string[] = [];
  let app: NestFastifyApplication;

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    @Module({
      imports: [loggerModule('info', 'log-test', destination)],
      controllers: [InvitationsController, SignedInController],
    })
    class TestModule {}
    app = await NestFactory.create<NestFastifyApplication>(TestModule, new FastifyAdapter(), {
      bufferLogs: true,
    });
    app.useLogger(app.get(Logger));
    instrumentHttp(app.getHttpAdapter().getInstance());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  it('logs the request of an invitation link without its token', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/invitations/${TOKEN}?token=${TOKEN}` });
    expect(response.statusCode).toBe(200);
    const access = lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .find((line) => line.req);
    expect(access?.req?.url).toBe('/api/invitations/[redacted]?token=[redacted]');
    expect(lines.join('')).not.toContain(TOKEN);
  });

  it('writes one concise line per request: route, request id, no headers, the caller when known, the duration', async () => {
    lines.length = 0;
    const response = await app.inject({
      method: 'GET',
      url: '/api/invitations/abc',
      headers: { authorization: 'Bearer secret-token', cookie: 'kitty_refresh=secret', 'user-agent': 'jest' },
    });
    expect(response.statusCode).toBe(200);
    const access = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line['req']);
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      req: { method: 'GET', url: '/api/invitations/abc' },
      route: '/api/invitations/:token',
      requestId: response.headers['x-request-id'],
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(Object.keys(access[0]['req'] as object)).toEqual(['method', 'url']);
    expect(lines.join('')).not.toMatch(/secret|user-agent|jest/);
    expect(Buffer.byteLength(lines.join(''))).toBeLessThan(400);
  });

  it('names the signed-in caller by id', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/me' });
    const access = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line['req']);
    expect(access).toMatchObject({ route: '/api/me', userId: 'user-1', res: { statusCode: 200 } });
  });
});
