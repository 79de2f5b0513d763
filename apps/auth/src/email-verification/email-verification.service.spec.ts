import type { ProblemError } from '@kitty/nest-common';

import { EmailVerificationService, VERIFICATION_LINKS_PER_HOUR } from './email-verification.service';

const user = {
  id: '7f1f2a3e-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  fullName: 'Ada',
  emailVerified: false,
};
const now = new Date('2026-11-23T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

function setup() {
  const tx = { outboxMessage: { create: jest.fn() } };
  const deps = {
    prisma: { $transaction: jest.fn((fn: (t: typeof tx) => unknown) => fn(tx)) },
    users: {
      lockById: jest.fn().mockResolvedValue(user),
      markEmailVerified: jest.fn().mockResolvedValue({ ...user, emailVerified: true }),
    },
    tokens: {
      create: jest.fn(),
      use: jest.fn(),
      retireAllOf: jest.fn(),
      sentSince: jest.fn().mockResolvedValue([]),
    },
    outbox: { kick: jest.fn() },
    recipients: { claim: jest.fn().mockResolvedValue(true) },
  };
  const service = new EmailVerificationService(
    ...(Object.values(deps) as unknown as ConstructorParameters<typeof EmailVerificationService>),
  );
  return { service, tx, ...deps };
}

async function problemOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as ProblemError).problem as ProblemError['problem'] & { retryAfterSeconds?: number };
  }
  throw new Error('expected a problem');
}

describe('EmailVerificationService', () => {
  it('stores only the hash of a 256-bit token valid for 24 h and e-mails the token itself', async () => {
    const { service, tx, tokens } = setup();
    await service.sendLink(tx as never, user, now);
    const stored = tokens.create.mock.calls[0][1];
    const sent = tx.outboxMessage.create.mock.calls[0][0].data.payload;
    expect(sent).toMatchObject({ template: 'verify-email', to: user.email, data: { fullName: 'Ada' } });
    expect(sent.data.token).toMatch(/^[\w-]{43}$/);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toContain(sent.data.token);
    expect(stored.expiresAt).toEqual(new Date('2026-11-24T12:00:00Z'));
  });

  it('sends no link (and stores none) to an address that has had its e-mails for the day', async () => {
    const { service, tx, tokens, recipients } = setup();
    recipients.claim.mockResolvedValue(false);
    await expect(service.sendLink(tx as never, user, now)).resolves.toBe(false);
    expect(recipients.claim).toHaveBeenCalledWith(user.email, now);
    expect(tokens.create).not.toHaveBeenCalled();
    expect(tx.outboxMessage.create).not.toHaveBeenCalled();
  });

  it('refuses a used, expired or unknown link without verifying anyone', async () => {
    const { service, tokens, users } = setup();
    tokens.use.mockResolvedValue(null);
    const problem = await problemOf(service.verify({ body: { token: 't' } }));
    expect(problem).toMatchObject({ status: 400, title: 'Link no longer valid' });
    expect(users.markEmailVerified).not.toHaveBeenCalled();
    expect(tokens.retireAllOf).not.toHaveBeenCalled();
  });

  it('confirms the link owner’s address, retires their other links and opens no session', async () => {
    const { service, tokens, users } = setup();
    tokens.use.mockResolvedValue(user.id);
    const confirmed = await service.verify({ body: { token: 't' } }, now);
    expect(users.markEmailVerified).toHaveBeenCalledWith(expect.anything(), user.id, now);
    expect(tokens.retireAllOf).toHaveBeenCalledWith(expect.anything(), user.id, now);
    expect(confirmed).toEqual({ status: 'email-confirmed', email: user.email });
  });

  it(`sends up to ${VERIFICATION_LINKS_PER_HOUR} links an hour, then 429 until the oldest leaves the hour`, async () => {
    const { service, tokens } = setup();
    tokens.sentSince.mockResolvedValue([minutesAgo(50), minutesAgo(30), minutesAgo(20)]);
    await service.resend({ userId: user.id }, now);
    expect(tokens.create).toHaveBeenCalledTimes(1);

    tokens.sentSince.mockResolvedValue([minutesAgo(50), minutesAgo(30), minutesAgo(20), minutesAgo(1)]);
    const problem = await problemOf(service.resend({ userId: user.id }, now));
    expect(problem).toMatchObject({ status: 429, title: 'Too many e-mails', retryAfterSeconds: 600 });
    expect(tokens.create).toHaveBeenCalledTimes(1);
  });

  it('answers 429 until tomorrow when the address has had its e-mails for the day', async () => {
    const { service, tokens, recipients } = setup();
    recipients.claim.mockResolvedValue(false);
    const problem = await problemOf(service.resend({ userId: user.id }, now));
    expect(problem).toMatchObject({ status: 429, title: 'Too many e-mails', retryAfterSeconds: 12 * 3600 });
    expect(tokens.create).not.toHaveBeenCalled();
  });

  it('refuses to resend to an address already confirmed', async () => {
    const { service, users } = setup();
    users.lockById.mockResolvedValue({ ...user, emailVerified: true });
    expect(await problemOf(service.resend({ userId: user.id }, now))).toMatchObject({ status: 409 });
  });
});
