import 'reflect-metadata';

import { type IssuingCardView, IssuingRpc, PotsRpc, type RpcContract } from '@kitty/contracts';
import { ProblemError, RpcClient } from '@kitty/nest-common';
import { Module } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { JwtModule, JwtService } from '@nestjs/jwt';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';

import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { RevokedSessions } from '../auth/revoked-sessions';
import { acceptJsonBodiesOnly } from '../http/json-only';
import { ProblemFilter } from '../http/problem.filter';
import { CardsController } from './cards.controller';
import { CardsService } from './cards.service';

const SECRET = 'a-test-secret-that-is-long-enough-000';
const ADA = { sub: '7f1f2a3e-0000-4000-8000-000000000001', email: 'ada@example.com', name: 'Ada' };
const caller = { userId: ADA.sub, email: ADA.email, name: ADA.name };
const POT_ID = '7f1f2a3e-0000-4000-8000-0000000000aa';

const card: IssuingCardView = {
  brand: 'Visa',
  last4: '4242',
  expMonth: 11,
  expYear: 2029,
  status: 'active',
};

describe('/api/cards', () => {
  const rpcCall = jest.fn();
  let app: NestFastifyApplication;
  let token: string;
  let activePot: string | null;
  let issuingReply: unknown;

  beforeAll(async () => {
    @Module({
      imports: [JwtModule.register({ secret: SECRET, signOptions: { algorithm: 'HS256' } })],
      controllers: [CardsController],
      providers: [
        CardsService,
        { provide: RpcClient, useValue: { call: rpcCall } },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: RevokedSessions, useValue: { isRevoked: () => Promise.resolve(false) } },
      ],
    })
    class TestModule {}
    app = await NestFactory.create<NestFastifyApplication>(TestModule, new FastifyAdapter(), {
      bodyParser: false,
      logger: false,
    });
    app.setGlobalPrefix('api');
    app.useGlobalFilters(new ProblemFilter(''));
    acceptJsonBodiesOnly(app.getHttpAdapter().getInstance());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    token = await app.get(JwtService).signAsync(ADA, { expiresIn: 60 });
  });

  afterAll(() => app.close());
  beforeEach(() => {
    activePot = POT_ID;
    issuingReply = card;
    rpcCall.mockReset().mockImplementation((contract: RpcContract) => {
      if (contract === PotsRpc.getActivePot)
        return Promise.resolve({ potId: activePot, updatedAt: activePot && new Date().toISOString() });
      if (contract === PotsRpc.getMembership)
        return Promise.resolve({ potId: POT_ID, role: 'owner', potName: 'Ibiza 2026' });
      return issuingReply instanceof Error ? Promise.reject(issuingReply) : Promise.resolve(issuingReply);
    });
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, auth = true) =>
    app.inject({
      method,
      url,
      headers: auth ? { authorization: `Bearer ${token}` } : {},
      ...(payload && { payload }),
    });
  const issuingCalls = () =>
    (rpcCall.mock.calls as [RpcContract, unknown][])
      .filter(([contract]) => contract.service === 'issuing')
      .map(([contract, request]) => [contract.pattern, request]);

  it.each([
    ['POST', '/api/cards'],
    ['GET', '/api/cards/current'],
    ['POST', '/api/cards/current/freeze'],
    ['POST', '/api/cards/current/unfreeze'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    expect((await call(method, url, undefined, false)).statusCode).toBe(401);
    expect(rpcCall).not.toHaveBeenCalled();
  });

  it('shows the card with the active pot it spends from, and never more of the number', async () => {
    const response = await call('GET', '/api/cards/current?userId=someone-else');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...card, spendsFrom: { potId: POT_ID, name: 'Ibiza 2026' } });
    expect(issuingCalls()).toEqual([[IssuingRpc.getCard.pattern, { caller }]]);
    expect(rpcCall).toHaveBeenCalledWith(PotsRpc.getMembership, { potId: POT_ID, userId: ADA.sub });
  });

  it('says spendsFrom null when the caller has no active pot', async () => {
    activePot = null;
    expect((await call('GET', '/api/cards/current')).json()).toMatchObject({ spendsFrom: null });
    expect(rpcCall).not.toHaveBeenCalledWith(PotsRpc.getMembership, expect.anything());
  });

  it('answers 201 for a new card and 200 with the card the caller already had', async () => {
    issuingReply = { created: true, card };
    const created = await call('POST', '/api/cards');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ last4: '4242', spendsFrom: { potId: POT_ID } });
    issuingReply = { created: false, card };
    expect((await call('POST', '/api/cards')).statusCode).toBe(200);
    expect(issuingCalls()).toEqual([
      [IssuingRpc.createCard.pattern, { caller }],
      [IssuingRpc.createCard.pattern, { caller }],
    ]);
  });

  it.each([
    ['freeze', 'inactive'],
    ['unfreeze', 'active'],
  ] as const)('%s sets the card status %s for the token’s user', async (action, status) => {
    issuingReply = { ...card, status };
    const response = await call('POST', `/api/cards/current/${action}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status });
    expect(issuingCalls()).toEqual([[IssuingRpc.setCardStatus.pattern, { caller, body: { status } }]]);
  });

  it('passes issuing’s 404 through for a caller without a card', async () => {
    issuingReply = ProblemError.of(404, 'Card not found', 'You have no virtual card yet.');
    const response = await call('GET', '/api/cards/current');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('has no wallet push-provisioning route: a web app cannot add a card to a phone wallet', async () => {
    const response = await call('POST', '/api/cards/current/wallet-provisioning', {
      walletType: 'apple_pay',
    });
    expect(response.statusCode).toBe(404);
    expect(rpcCall).not.toHaveBeenCalled();
  });
});
