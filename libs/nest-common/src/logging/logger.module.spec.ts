import 'reflect-metadata';

import { Writable } from 'node:stream';

import { Controller, Get, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';

import { loggerModule } from './logger.module';

const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';

@Controller('api/invitations')
class InvitationsController {
  @Get(':token')
  preview(@Param('token') token: string) {
    return { valid: token.length > 0 };
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
      controllers: [InvitationsController],
    })
    class TestModule {}
    app = await NestFactory.create<NestFastifyApplication>(TestModule, new FastifyAdapter(), {
      bufferLogs: true,
    });
    app.useLogger(app.get(Logger));
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
});
