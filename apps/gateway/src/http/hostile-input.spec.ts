import { Body, Controller, Get, Module, Param, Post, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';

import { findHostileText, MAX_BODY_DEPTH, nestsDeeperThan, refuseHostileText } from './hostile-input';
import { acceptJsonBodiesOnly } from './json-only';
import { ProblemFilter } from './problem.filter';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, whichever they are', () => {
    expect(nestsDeeperThan('[[{"a":[1]}]]', 4)).toBe(false);
    expect(nestsDeeperThan('[[{"a":[1]}]]', 3)).toBe(true);
    expect(nestsDeeperThan(`${'['.repeat(5000)}${']'.repeat(5000)}`, MAX_BODY_DEPTH)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ note: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ note: 'say "[[[[" \\' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify([{ note: 'x"]]', a: [[1]] }]), 3)).toBe(true);
  });

  it('counts depth, not width', () => {
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 10_000 }, () => [1])), 2)).toBe(false);
  });
});

describe('findHostileText', () => {
  it.each([
    ['a lone high surrogate', 'a\ud800b', /well-formed/],
    ['a lone low surrogate', 'a\udc00b', /well-formed/],
    ['a reversed pair', '\udc00\ud800', /well-formed/],
    ['a high surrogate at the end', 'abc\udbff', /well-formed/],
    ['NUL', 'a\u0000b', /control characters/],
    ['BEL', 'a\u0007b', /control characters/],
    ['ESC', 'a\u001bb', /control characters/],
    ['DEL', 'a\u007fb', /control characters/],
    ['a C1 control', 'a\u0085b', /control characters/],
    ['a right-to-left override', 'a\u202eb', /control characters/],
    ['a bidi isolate', 'a\u2066b', /control characters/],
  ])('refuses %s and names the field', (_label, text, message) => {
    expect(findHostileText({ payers: [{ name: 'ok' }, { name: text }] })).toEqual({
      field: 'payers.1.name',
      message: expect.stringMatching(message),
    });
  });

  it('takes well-formed text: pairs (emoji), other scripts, line breaks and tabs', () => {
    expect(
      findHostileText({
        description: 'Ferry 🚢 to Tánger — طنجة',
        message: 'line one\r\nline two\tindented',
        amounts: [1, 2.5, true, null],
      }),
    ).toBeNull();
  });

  it('refuses a field name with hostile text without echoing it', () => {
    expect(findHostileText({ expense: { ['x\ud800']: 1 } })).toEqual({
      field: 'expense',
      message: expect.stringMatching(/^A field name: .*well-formed/),
    });
  });

  it('names a bare string body as the body', () => {
    expect(findHostileText('\u0000')).toEqual({ field: '(body)', message: expect.any(String) });
  });
});

/** Stands in for everything after the door: counts what reached a handler. */
const reached: string[] = [];

@Controller('things')
class ThingsController {
  @Post(':thingId')
  create(@Param('thingId') thingId: string, @Body() body: unknown) {
    reached.push(thingId);
    return { thingId, body };
  }

  @Get()
  list(@Query() query: Record<string, string>) {
    reached.push('list');
    return query;
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

describe('the gateway door (acceptJsonBodiesOnly + refuseHostileText, as createGateway wires them)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ThingsModule, new FastifyAdapter(), {
      logger: false,
      bodyParser: false,
    });
    app.useGlobalFilters(new ProblemFilter(''));
    acceptJsonBodiesOnly(app.getHttpAdapter().getInstance());
    refuseHostileText(app.getHttpAdapter().getInstance());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());
  beforeEach(() => (reached.length = 0));

  const post = (payload: string, url = '/things/t1') =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it.each([
    ['arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['objects', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ['objects with __proto__ keys', `${'{"__proto__":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ['one level past the limit', `${'['.repeat(MAX_BODY_DEPTH + 1)}${']'.repeat(MAX_BODY_DEPTH + 1)}`],
  ])('refuses a body of nested %s with a 400 problem that says so, before any handler', async (_l, body) => {
    const response = await post(body);

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(response.json()).toMatchObject({
      status: 400,
      errors: [{ field: '(body)', message: expect.stringMatching(/more than 32 levels deep/) }],
    });
    expect(reached).toEqual([]);
  });

  it('takes a body nested up to the limit', async () => {
    const body = `${'['.repeat(MAX_BODY_DEPTH)}${']'.repeat(MAX_BODY_DEPTH)}`;
    expect((await post(body)).statusCode).toBe(201);
  });

  it('refuses a lone surrogate escaped in the JSON body, naming the field', async () => {
    const response = await post('{"items":[{"description":"a\\ud800b"}]}');

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(response.json()).toMatchObject({
      title: 'Invalid request',
      detail: expect.stringMatching(/^items\.0\.description: /),
      errors: [{ field: 'items.0.description' }],
    });
    expect(reached).toEqual([]);
  });

  it('refuses control characters in query values and path parameters, naming them', async () => {
    const query = await app.inject({ method: 'GET', url: '/things?month=2026-01%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ errors: [{ field: 'month' }] });

    const path = await post('{}', '/things/t1%1b');
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({ errors: [{ field: 'thingId' }] });
    expect(reached).toEqual([]);
  });

  it('lets well-formed input through', async () => {
    const response = await post(JSON.stringify({ note: 'Café 🚢\nsecond line' }));
    expect(response.statusCode).toBe(201);
    expect(reached).toEqual(['t1']);
  });
});
