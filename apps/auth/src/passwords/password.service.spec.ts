import { problemOf } from '../testing/problem-of';
import { PasswordService, RESET_LINKS_PER_HOUR } from './password.service';

const owner = { id: '7f1f2a3e-0000-4000-8000-000000000001', email: 'ada@example.com', fullName: 'Ada' };
const caller = { ip: '203.0.113.9', userAgent: 'jest' };

function setup() {
  const tx = { outboxMessage: { create: jest.fn() } };
  const deps = {
    prisma: { $transaction: jest.fn((fn: (t: typeof tx) => unknown) => fn(tx)) },
    users: {
      findByEmail: jest.fn(),
      lockById: jest.fn(),
      markEmailVerified: jest.fn().mockResolvedValue({ ...owner, emailVerified: true }),
      findCredentialsById: jest.fn().mockResolvedValue({ ...owner, passwordHash: 'old-hash' }),
      setPassword: jest.fn(),
    },
    tokens: {
      sentSince: jest.fn().mockResolvedValue([]),
      create: jest.fn(),
      use: jest.fn(),
      retireAllOf: jest.fn(),
    },
    passwords: { hash: jest.fn().mockResolvedValue('new-hash'), verify: jest.fn() },
    policy: { assertAcceptable: jest.fn() },
    sessions: { endAllOf: jest.fn() },
    throttle: { assertAllowed: jest.fn(), recordFailure: jest.fn(), reset: jest.fn() },
    outbox: { kick: jest.fn() },
    verificationLinks: { retireAllOf: jest.fn() },
  };
  const service = new PasswordService(
    ...(Object.values(deps) as unknown as ConstructorParameters<typeof PasswordService>),
  );
  return { service, tx, ...deps };
}

const templatesSent = (tx: { outboxMessage: { create: jest.Mock } }) =>
  tx.outboxMessage.create.mock.calls.map(([{ data }]) => (data.payload as { template: string }).template);

describe('PasswordService', () => {
  describe('asking for a reset link', () => {
    it('answers every address the same after the same work: one queued request, nothing looked up', async () => {
      const { service, users, prisma } = setup();
      const queued = Object.assign(prisma, { outboxMessage: { create: jest.fn() } }).outboxMessage.create;
      for (const email of ['nobody@example.com', owner.email]) {
        await expect(service.requestReset({ body: { email }, caller })).resolves.toEqual({
          status: 'reset-link-sent-if-registered',
        });
      }
      expect(users.findByEmail).not.toHaveBeenCalled();
      expect(prisma.$transaction).not.toHaveBeenCalled();
      expect(queued.mock.calls.map(([{ data }]) => data)).toEqual([
        expect.objectContaining({
          queue: 'auth-password-reset',
          jobName: 'auth.password-reset.requested.v1',
          payload: expect.objectContaining({ email: 'nobody@example.com' }),
        }),
        expect.objectContaining({ payload: expect.objectContaining({ email: owner.email }) }),
      ]);
    });

    it('sends nothing for a queued request for an unknown address', async () => {
      const { service, users, prisma } = setup();
      users.findByEmail.mockResolvedValue(null);
      await service.sendResetLink({ email: 'nobody@example.com' });
      expect(prisma.$transaction).not.toHaveBeenCalled();
    });

    it('e-mails a 30-minute link whose token is stored only as a hash', async () => {
      const { service, users, tokens, tx } = setup();
      users.findByEmail.mockResolvedValue(owner);
      await service.sendResetLink({ email: owner.email }, new Date('2026-11-24T10:00:00Z'));
      const stored = tokens.create.mock.calls[0][1];
      const sent = tx.outboxMessage.create.mock.calls[0][0].data.payload;
      expect(sent).toMatchObject({ template: 'password-reset', to: owner.email });
      expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.tokenHash).not.toContain(sent.data.token);
      expect(stored.expiresAt).toEqual(new Date('2026-11-24T10:30:00Z'));
    });

    it(`drops requests beyond ${RESET_LINKS_PER_HOUR} an hour silently (a 429 would reveal the account)`, async () => {
      const { service, users, tokens, tx } = setup();
      users.findByEmail.mockResolvedValue(owner);
      tokens.sentSince.mockResolvedValue(Array(RESET_LINKS_PER_HOUR).fill(new Date()));
      await service.sendResetLink({ email: owner.email });
      expect(tx.outboxMessage.create).not.toHaveBeenCalled();
    });
  });

  describe('following the link', () => {
    it('refuses a used, expired or unknown link', async () => {
      const { service, tokens, users } = setup();
      tokens.use.mockResolvedValue(null);
      const problem = await problemOf(service.reset({ body: { token: 't', password: 'new long password' } }));
      expect(problem).toMatchObject({ status: 400, title: 'Link no longer valid' });
      expect(users.setPassword).not.toHaveBeenCalled();
    });

    it('sets the new password, confirms the address, retires every other link, tells the owner and ends every session', async () => {
      const { service, tokens, users, sessions, tx, policy, verificationLinks } = setup();
      tokens.use.mockResolvedValue(owner.id);
      await service.reset({ body: { token: 't', password: 'new long password' } });
      expect(policy.assertAcceptable).toHaveBeenCalledWith(
        'new long password',
        expect.objectContaining(owner),
      );
      expect(users.markEmailVerified).toHaveBeenCalled();
      expect(users.setPassword).toHaveBeenCalledWith(tx, owner.id, 'new-hash');
      expect(tokens.retireAllOf).toHaveBeenCalledWith(tx, owner.id, expect.any(Date));
      expect(verificationLinks.retireAllOf).toHaveBeenCalledWith(tx, owner.id, expect.any(Date));
      expect(templatesSent(tx)).toEqual(['password-changed']);
      expect(sessions.endAllOf).toHaveBeenCalledWith(owner.id);
    });
  });

  describe('changing the password when signed in', () => {
    const body = { currentPassword: 'old password', newPassword: 'new long password' };

    it('refuses a wrong current password, naming the field, and counts it like a failed sign-in', async () => {
      const { service, passwords, throttle, users } = setup();
      passwords.verify.mockResolvedValue(false);
      const problem = await problemOf(service.change({ userId: owner.id, sessionId: 'sid-1', body }));
      expect(problem).toMatchObject({
        status: 400,
        errors: [{ field: 'currentPassword', message: 'Your current password is not correct.' }],
      });
      expect(throttle.recordFailure).toHaveBeenCalledWith(owner.email);
      expect(users.setPassword).not.toHaveBeenCalled();
    });

    it('checks the new password on its own field, retires unused links, then ends every session but the caller’s', async () => {
      const { service, passwords, policy, sessions, users, tx, verificationLinks } = setup();
      passwords.verify.mockResolvedValue(true);
      await service.change({ userId: owner.id, sessionId: 'sid-1', body });
      expect(policy.assertAcceptable).toHaveBeenCalledWith(
        body.newPassword,
        expect.anything(),
        'newPassword',
      );
      expect(users.setPassword).toHaveBeenCalledWith(tx, owner.id, 'new-hash');
      expect(verificationLinks.retireAllOf).toHaveBeenCalledWith(tx, owner.id, expect.any(Date));
      expect(sessions.endAllOf).toHaveBeenCalledWith(owner.id, 'sid-1');
    });
  });
});
