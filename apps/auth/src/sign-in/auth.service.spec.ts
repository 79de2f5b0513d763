import { problemOf } from '../testing/problem-of';
import { AuthService } from './auth.service';

const user = {
  id: '7f1f2a3e-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  fullName: 'Ada',
  emailVerified: false,
};
const caller = { ip: '203.0.113.9', userAgent: 'jest' };
const issued = {
  user,
  accessToken: 'a',
  accessTokenExpiresAt: '',
  refreshToken: 'r',
  refreshTokenExpiresAt: '',
};

function setup() {
  const tx = {
    user: { findUnique: jest.fn().mockResolvedValue(user) },
    outboxMessage: { create: jest.fn() },
  };
  const deps = {
    prisma: {
      $transaction: jest.fn((fn: (t: typeof tx) => unknown) => fn(tx)),
      outboxMessage: { create: jest.fn() },
    },
    users: { findByEmail: jest.fn(), create: jest.fn().mockResolvedValue(user), updateProfile: jest.fn() },
    refreshTokens: { findByHash: jest.fn() },
    passwords: { hash: jest.fn().mockResolvedValue('hash'), verify: jest.fn() },
    sessions: { issue: jest.fn().mockResolvedValue(issued), end: jest.fn() },
    throttle: { assertAllowed: jest.fn(), recordFailure: jest.fn(), reset: jest.fn() },
    outbox: { kick: jest.fn() },
    refreshes: { refresh: jest.fn() },
    passwordPolicy: { assertAcceptable: jest.fn() },
    verification: { sendLink: jest.fn() },
    attemptNotices: { claim: jest.fn().mockResolvedValue(true) },
    unconfirmedRecipients: { claim: jest.fn().mockResolvedValue(true) },
  };
  const service = new AuthService(
    ...(Object.values(deps) as unknown as ConstructorParameters<typeof AuthService>),
  );
  return { service, tx, ...deps };
}

describe('AuthService.signUp', () => {
  const body = { fullName: 'Ada', email: user.email, password: 'long-password' };

  it('writes the user, the residency job and the confirmation link in one transaction, without a session', async () => {
    const { service, tx, outbox, verification, sessions } = setup();
    await expect(service.signUp({ body, caller })).resolves.toEqual({
      status: 'verification-sent',
      email: user.email,
    });
    const jobs = tx.outboxMessage.create.mock.calls.map(([arg]) => arg.data);
    expect(jobs).toEqual([
      expect.objectContaining({
        queue: 'residency-detect',
        jobName: 'residency.detect.v1',
        payload: expect.objectContaining({ userId: user.id, ip: caller.ip }),
      }),
    ]);
    expect(verification.sendLink).toHaveBeenCalledWith(tx, user);
    expect(sessions.issue).not.toHaveBeenCalled();
    expect(outbox.kick).toHaveBeenCalled();
  });

  it('answers a registered address exactly alike, after hashing, and e-mails its owner instead', async () => {
    const { service, users, passwords, prisma, verification } = setup();
    users.findByEmail.mockResolvedValue({ ...user, fullName: 'Ada Owner', passwordHash: 'h' });
    await expect(service.signUp({ body, caller })).resolves.toEqual({
      status: 'verification-sent',
      email: user.email,
    });
    expect(passwords.hash).toHaveBeenCalledWith('long-password');
    expect(users.create).not.toHaveBeenCalled();
    expect(verification.sendLink).not.toHaveBeenCalled();
    expect(prisma.outboxMessage.create.mock.calls[0][0].data.payload).toEqual({
      template: 'sign-up-attempt',
      to: user.email,
      data: { fullName: 'Ada Owner' },
    });
  });

  it('answers a repeated attempt on a registered address alike but e-mails its owner only once an hour', async () => {
    const { service, users, prisma, attemptNotices } = setup();
    users.findByEmail.mockResolvedValue({ ...user, fullName: 'Ada Owner', passwordHash: 'h' });
    attemptNotices.claim.mockResolvedValue(false);
    await expect(service.signUp({ body, caller })).resolves.toEqual({
      status: 'verification-sent',
      email: user.email,
    });
    expect(attemptNotices.claim).toHaveBeenCalledWith(user.email);
    expect(prisma.outboxMessage.create).not.toHaveBeenCalled();
  });

  it('counts a notice to an unconfirmed address against its daily quota, and sends none beyond it', async () => {
    const { service, users, prisma, unconfirmedRecipients } = setup();
    users.findByEmail.mockResolvedValue({ ...user, passwordHash: 'h', emailVerifiedAt: null });
    unconfirmedRecipients.claim.mockResolvedValue(false);
    await expect(service.signUp({ body, caller })).resolves.toEqual({
      status: 'verification-sent',
      email: user.email,
    });
    expect(unconfirmedRecipients.claim).toHaveBeenCalledWith(user.email);
    expect(prisma.outboxMessage.create).not.toHaveBeenCalled();

    users.findByEmail.mockResolvedValue({ ...user, passwordHash: 'h', emailVerifiedAt: new Date() });
    unconfirmedRecipients.claim.mockClear();
    await service.signUp({ body, caller });
    expect(unconfirmedRecipients.claim).not.toHaveBeenCalled();
    expect(prisma.outboxMessage.create).toHaveBeenCalledTimes(1);
  });

  it('checks the password rules before anything else', async () => {
    const { service, passwordPolicy, passwords, users } = setup();
    passwordPolicy.assertAcceptable.mockImplementation(() => {
      throw new Error('weak');
    });
    await expect(service.signUp({ body, caller })).rejects.toThrow('weak');
    expect(passwordPolicy.assertAcceptable).toHaveBeenCalledWith('long-password', body);
    expect(passwords.hash).not.toHaveBeenCalled();
    expect(users.findByEmail).not.toHaveBeenCalled();
  });
});

describe('AuthService.signIn', () => {
  it('refuses a throttled account without checking the password', async () => {
    const { service, throttle, passwords } = setup();
    throttle.assertAllowed.mockRejectedValue(new Error('throttled'));
    await expect(service.signIn({ body: { email: user.email, password: 'x' }, caller })).rejects.toThrow(
      'throttled',
    );
    expect(passwords.verify).not.toHaveBeenCalled();
  });

  it('counts a wrong password against the account and answers a generic 401', async () => {
    const { service, users, passwords, throttle } = setup();
    users.findByEmail.mockResolvedValue({ ...user, passwordHash: 'h' });
    passwords.verify.mockResolvedValue(false);
    const problem = await problemOf(
      service.signIn({ body: { email: user.email, password: 'nope' }, caller }),
    );
    expect(problem).toMatchObject({ status: 401, title: 'Invalid email or password' });
    expect(throttle.recordFailure).toHaveBeenCalledWith(user.email);
  });

  it('verifies against a decoy when the e-mail is unknown', async () => {
    const { service, users, passwords } = setup();
    users.findByEmail.mockResolvedValue(null);
    passwords.verify.mockResolvedValue(false);
    expect(
      (await problemOf(service.signIn({ body: { email: 'x@y.zz', password: 'p' }, caller }))).status,
    ).toBe(401);
    expect(passwords.verify).toHaveBeenCalledWith(null, 'p');
  });
});

describe('AuthService.signOut', () => {
  it('ends the session of the presented token (refresh tokens and access tokens)', async () => {
    const { service, refreshTokens, sessions } = setup();
    refreshTokens.findByHash.mockResolvedValue({ familyId: 'fam', usedAt: null, revokedAt: null });
    await service.signOut({ refreshToken: 'token' });
    expect(sessions.end).toHaveBeenCalledWith('fam');
  });

  it('does nothing for an unknown token', async () => {
    const { service, refreshTokens, sessions } = setup();
    refreshTokens.findByHash.mockResolvedValue(null);
    await service.signOut({ refreshToken: 'forged' });
    expect(sessions.end).not.toHaveBeenCalled();
  });
});

describe('AuthService.refresh', () => {
  it('is the refresh service', async () => {
    const { service, refreshes } = setup();
    refreshes.refresh.mockResolvedValue(issued);
    await expect(service.refresh({ refreshToken: 'token', caller })).resolves.toBe(issued);
    expect(refreshes.refresh).toHaveBeenCalledWith('token');
  });
});

describe('AuthService.updateProfile', () => {
  const profile = { userId: user.id, fullName: 'Ada Lovelace', phoneNumber: '+447700900123' };

  it('stores the legal name and phone number from KYC', async () => {
    const { service, users } = setup();
    users.updateProfile.mockResolvedValue({ ...user, fullName: 'Ada Lovelace' });
    await expect(service.updateProfile(profile)).resolves.toEqual({ ...user, fullName: 'Ada Lovelace' });
    expect(users.updateProfile).toHaveBeenCalledWith(user.id, {
      fullName: 'Ada Lovelace',
      phoneNumber: '+447700900123',
    });
  });

  it('answers 404 for an unknown user', async () => {
    const { service, users } = setup();
    users.updateProfile.mockResolvedValue(null);
    await expect(problemOf(service.updateProfile(profile))).resolves.toMatchObject({ status: 404 });
  });
});
