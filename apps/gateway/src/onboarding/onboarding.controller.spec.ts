import 'reflect-metadata';

import { AuthRpc, IssuingRpc, type OnboardingStatus, type RpcContract } from '@kitty/contracts';
import { ProblemError, RpcClient } from '@kitty/nest-common';
import { Module } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { JwtModule, JwtService } from '@nestjs/jwt';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';

import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { RevokedSessions } from '../auth/revoked-sessions';
import { acceptJsonBodiesOnly } from '../http/json-only';
import { ProblemFilter } from '../http/problem.filter';
import { BankAccountController } from './bank-account.controller';
import { OnboardingController } from './onboarding.controller';
import { OnboardingService } from './onboarding.service';

const SECRET = 'a-test-secret-that-is-long-enough-000';
const ADA = { sub: '7f1f2a3e-0000-4000-8000-000000000001', email: 'ada@example.com', name: 'Ada' };
const caller = { userId: ADA.sub, email: ADA.email, name: ADA.name };

const form = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '07700 900123',
  dateOfBirth: { day: 10, month: 12, year: 1990 },
  address: { line1: '1 Test Street', city: 'London', postal_code: 'sw1a 1aa' },
  acceptedTerms: true,
};

const verified: OnboardingStatus = {
  step: 'card',
  card: null,
  account: {
    id: 'acct_1',
    status: 'active',
    kycStatus: 'complete',
    requirements: [],
    pendingVerification: [],
    cardNotReadyReason: null,
    capabilities: { cardIssuing: 'active', transfers: 'active' },
    payoutAccountLabel: 'STRIPE TEST BANK •••• 2345',
  },
};

describe('/api/onboarding', () => {
  const rpcCall = jest.fn();
  let app: NestFastifyApplication;
  let token: string;

  beforeAll(async () => {
    @Module({
      imports: [JwtModule.register({ secret: SECRET, signOptions: { algorithm: 'HS256' } })],
      controllers: [OnboardingController, BankAccountController],
      providers: [
        OnboardingService,
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
  beforeEach(() =>
    rpcCall
      .mockReset()
      .mockImplementation((contract: RpcContract) =>
        Promise.resolve(
          contract === AuthRpc.updateProfile ? { id: ADA.sub, email: ADA.email, fullName: 'x' } : verified,
        ),
      ),
  );

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, auth = true) =>
    app.inject({
      method,
      url,
      headers: auth ? { authorization: `Bearer ${token}` } : {},
      ...(payload && { payload }),
    });

  it.each([
    ['GET', '/api/onboarding'],
    ['POST', '/api/onboarding/account'],
    ['POST', '/api/onboarding/kyc'],
    ['POST', '/api/onboarding/account/recreate'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    expect((await call(method, url, undefined, false)).statusCode).toBe(401);
    expect(rpcCall).not.toHaveBeenCalled();
  });

  it.each([
    ['GET', '/api/onboarding?userId=someone-else', IssuingRpc.getOnboarding, {}],
    ['POST', '/api/onboarding/account', IssuingRpc.createAccount, {}],
    // No body is an empty one: a user without a bank account has no number to send.
    ['POST', '/api/onboarding/account/recreate', IssuingRpc.recreateAccount, { body: {} }],
  ] as const)('%s %s acts for the token’s user only', async (method, url, contract, rest) => {
    const response = await call(method, url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(verified);
    expect(rpcCall).toHaveBeenCalledWith(contract, { caller, ...rest });
  });

  it('sends the normalised form with the terms acceptance (now, client IP and user agent) to issuing, then the legal name and phone number to auth', async () => {
    const before = Date.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/onboarding/kyc',
      headers: { authorization: `Bearer ${token}`, 'user-agent': 'Mozilla/5.0 (onboarding test)' },
      remoteAddress: '203.0.113.9',
      payload: form,
    });
    expect(response.statusCode).toBe(200);
    const acceptedAt = Date.parse(rpcCall.mock.calls[0][1].acceptance.acceptedAt);
    expect(acceptedAt).toBeGreaterThanOrEqual(before);
    expect(acceptedAt).toBeLessThanOrEqual(Date.now());
    expect(rpcCall.mock.calls).toEqual([
      [
        IssuingRpc.updateKyc,
        {
          caller,
          body: {
            ...form,
            phoneNumber: '+447700900123',
            address: { ...form.address, postal_code: 'SW1A 1AA', country: 'GB' },
          },
          acceptance: {
            acceptedAt: expect.any(String),
            ip: '203.0.113.9',
            userAgent: 'Mozilla/5.0 (onboarding test)',
          },
        },
      ],
      [AuthRpc.updateProfile, { userId: ADA.sub, fullName: 'Ada Lovelace', phoneNumber: '+447700900123' }],
    ]);
  });

  it.each([
    ['firstName', { ...form, firstName: '' }],
    ['phoneNumber', { ...form, phoneNumber: '+1 202 555 0143' }],
    ['dateOfBirth.year', { ...form, dateOfBirth: { day: 1, month: 1, year: 1899 } }],
    ['dateOfBirth.year', { ...form, dateOfBirth: { day: 1, month: 1, year: new Date().getFullYear() - 17 } }],
    ['address.postal_code', { ...form, address: { ...form.address, postal_code: '90210' } }],
    ['userId', { ...form, userId: '7f1f2a3e-0000-4000-8000-000000000002' }],
    ['acceptedTerms', { ...form, acceptedTerms: false }],
  ])('answers 400 naming %s and calls nobody', async (field, body) => {
    const response = await call('POST', '/api/onboarding/kyc', body);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json().errors).toEqual([expect.objectContaining({ field })]);
    expect(rpcCall).not.toHaveBeenCalled();
  });

  it('passes the provider’s refusal through and leaves the profile alone', async () => {
    rpcCall.mockRejectedValueOnce(
      ProblemError.of(422, 'Failed to update KYC information', 'Age must be at least 18.'),
    );
    const response = await call('POST', '/api/onboarding/kyc', form);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      title: 'Failed to update KYC information',
      detail: 'Age must be at least 18.',
    });
    expect(rpcCall).toHaveBeenCalledTimes(1);
  });

  describe('PUT /api/me/bank-account', () => {
    const bank = { sortCode: '20-00-00', accountNumber: '55779911', accountHolderName: 'Ada Lovelace' };

    it('has auth check the re-entered password, then gives issuing the details without it', async () => {
      const response = await call('PUT', '/api/me/bank-account', { ...bank, password: 'my password' });
      expect(response.statusCode).toBe(200);
      expect(rpcCall.mock.calls).toEqual([
        [AuthRpc.confirmPassword, { userId: ADA.sub, password: 'my password' }],
        [
          IssuingRpc.setBankAccount,
          {
            caller,
            body: { sortCode: '200000', accountNumber: '55779911', accountHolderName: 'Ada Lovelace' },
          },
        ],
      ]);
    });

    it('changes nothing when auth refuses the password', async () => {
      rpcCall.mockRejectedValueOnce(
        ProblemError.of(400, 'Wrong password', 'Your password is not correct.', [
          { field: 'password', message: 'Your password is not correct.' },
        ]),
      );
      const response = await call('PUT', '/api/me/bank-account', { ...bank, password: 'a guess' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'password', message: 'Your password is not correct.' },
      ]);
      expect(rpcCall).toHaveBeenCalledTimes(1);
    });

    it.each([
      [['password'], bank],
      [
        ['sortCode', 'accountNumber'],
        { ...bank, sortCode: '00-00-00', accountNumber: '00000000', password: 'x' },
      ],
    ])('answers 400 naming %j and calls nobody', async (fields, body) => {
      const response = await call('PUT', '/api/me/bank-account', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual(fields);
      expect(rpcCall).not.toHaveBeenCalled();
    });
  });
});
