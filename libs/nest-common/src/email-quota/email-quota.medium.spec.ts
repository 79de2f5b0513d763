import { randomUUID } from 'node:crypto';

import { Redis } from 'ioredis';

import { ProblemError } from '../errors';
import { EmailQuota, type EmailSender, recipientKeyPart, utcDay } from './email-quota';

/** The daily e-mail allowance on the real Redis: both limits, all-or-nothing, shared by every instance. */
// eslint-disable-next-line no-restricted-properties -- npm test points medium tests at its run's Redis here.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NOON = new Date('2026-11-23T12:00:00.000Z');

describe('EmailQuota (Redis)', () => {
  const prefix = `test-quota-${randomUUID().slice(0, 8)}`;
  const redis = new Redis(REDIS_URL);
  const quota = (clock = NOON) =>
    new EmailQuota(redis, prefix, { perSenderPerDay: 5, perRecipientPerDay: 2 }, () => clock);
  const addresses = (n: number) => Array.from({ length: n }, () => `${randomUUID()}@example.com`);
  /** A sender whose address the gateway found confirmed. */
  const verified = (id = randomUUID()): EmailSender => ({
    userId: id,
    email: `${id}@example.com`,
    emailVerified: true,
  });
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProblemError);
    return (error as ProblemError).problem as ProblemError['problem'] & { retryAfterSeconds: number };
  };

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('lets a sender reach the limit and refuses the next e-mail until the next UTC day', async () => {
    const sender = verified();
    await quota().reserve(sender, addresses(3));
    await quota().reserve(sender, addresses(2));
    const problem = await refusal(quota().reserve(sender, addresses(1)));
    expect(problem).toMatchObject({
      status: 429,
      title: 'Too many e-mails',
      detail: 'You can send up to 5 invitations, reminders and requests a day. Try again tomorrow.',
      retryAfterSeconds: 12 * 60 * 60,
    });
    await expect(
      quota(new Date('2026-11-24T00:00:01.000Z')).reserve(sender, addresses(5)),
    ).resolves.toBeUndefined();
  });

  it('refuses a request that would pass the limit whole, counting none of it', async () => {
    const sender = verified();
    await quota().reserve(sender, addresses(4));
    await refusal(quota().reserve(sender, addresses(2)));
    await expect(quota().reserve(sender, addresses(1))).resolves.toBeUndefined();
  });

  it('limits what one address receives from all senders, however it is spelt', async () => {
    const [victim] = addresses(1);
    await quota().reserve(verified(), [victim]);
    await quota().reserve(verified(), [` ${victim.toUpperCase()} `]);
    const otherSender = verified();
    const [bystander] = addresses(1);
    const problem = await refusal(quota().reserve(otherSender, [bystander, victim]));
    expect(problem.detail).toBe(`We can't send more e-mails to ${victim} today. Try again tomorrow.`);
    // Nothing was taken from the refused request: the sender and the bystander still have their allowance.
    await quota().reserve(otherSender, addresses(3).concat(bystander, bystander));
  });

  it('refuses a sender whose address is not confirmed with a 403, counting nothing', async () => {
    const id = randomUUID();
    const [recipient] = addresses(1);
    const unconfirmed = { userId: id, email: `${id}@example.com` };
    const problem = await refusal(quota().reserve(unconfirmed, [recipient]));
    expect(problem).toMatchObject({
      status: 403,
      title: 'Verify your e-mail',
      detail: 'Confirm your e-mail address first.',
    });
    expect(await redis.keys(`${prefix}:{email-quota}:2026-11-23:*${recipientKeyPart(recipient)}`)).toEqual(
      [],
    );
    // Once confirmed, the same account sends its full allowance.
    await quota().reserve({ ...unconfirmed, emailVerified: true }, addresses(5));
  });

  it("costs nothing for the sender's own confirmed address", async () => {
    const sender = verified();
    await quota().reserve(sender, [sender.email.toUpperCase(), ...addresses(5)]);
    await expect(quota().reserve(sender, [sender.email])).resolves.toBeUndefined();
    await refusal(quota().reserve(sender, addresses(1)));
  });

  it('keeps no address in Redis and lets the counters expire after their day', async () => {
    const [address] = addresses(1);
    await quota().reserve(verified(), [address]);
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys.join(' ')).not.toContain(address);
    const ttl = await redis.ttl(`${prefix}:{email-quota}:2026-11-23:to:${recipientKeyPart(address)}`);
    expect(ttl).toBeGreaterThan(12 * 60 * 60);
    expect(ttl).toBeLessThanOrEqual(13 * 60 * 60);
  });

  it('counts concurrent requests on separate clients exactly', async () => {
    const sender = verified();
    const clients = [0, 1, 2].map(() => new Redis(REDIS_URL));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        new EmailQuota(
          clients[i % 3],
          prefix,
          { perSenderPerDay: 5, perRecipientPerDay: 2 },
          () => NOON,
        ).reserve(sender, addresses(1)),
      ),
    );
    clients.forEach((client) => client.disconnect());
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
  });
});

describe('utcDay', () => {
  it('names the UTC day and the seconds to its end', () => {
    expect(utcDay(new Date('2026-11-23T23:59:59.500Z'))).toEqual({ day: '2026-11-23', secondsLeft: 1 });
    expect(utcDay(new Date('2026-11-23T00:00:00.000Z'))).toEqual({ day: '2026-11-23', secondsLeft: 86_400 });
  });
});
