import { createHash } from 'node:crypto';

import {
  CONFIRM_EMAIL_FIRST_DETAIL,
  EMAIL_LIMITS,
  type Problem,
  TOO_MANY_EMAILS_TITLE,
  tooManyEmailsFromSender,
  tooManyEmailsToRecipient,
  VERIFY_YOUR_EMAIL_TITLE,
} from '@kitty/contracts';
import type { OnApplicationShutdown } from '@nestjs/common';

import { ProblemError } from '../errors';
import { createRedis, type RedisClient } from '../redis';

/** Counters outlive their day by this much, so a clock a little behind still finds them. */
const EXPIRY_MARGIN_SECONDS = 60 * 60;

/**
 * Checks every counter first and increments only when all fit: a refused request counts nothing, and two
 * requests racing on any replica cannot both take the last place (a script runs atomically in Redis).
 * KEYS[1] the sender's counter, KEYS[2..] one per recipient; ARGV: sender limit, recipient limit, TTL.
 * Returns {0} when reserved, {1} when the sender is over, {2, i} when recipient i (1-based) is over.
 */
const RESERVE_SCRIPT = `
local wanted = #KEYS - 1
local senderLimit = tonumber(ARGV[1])
local recipientLimit = tonumber(ARGV[2])
if tonumber(redis.call('GET', KEYS[1]) or '0') + wanted > senderLimit then return {1} end
for i = 2, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') + 1 > recipientLimit then return {2, i - 1} end
end
redis.call('INCRBY', KEYS[1], wanted)
redis.call('EXPIRE', KEYS[1], ARGV[3])
for i = 2, #KEYS do
  redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], ARGV[3])
end
return {0}
`;

export interface EmailLimits {
  perSenderPerDay: number;
  perRecipientPerDay: number;
}

/** The UTC day a moment falls in, and the seconds left until the next one starts. */
export function utcDay(now: Date): { day: string; secondsLeft: number } {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return {
    day: now.toISOString().slice(0, 10),
    secondsLeft: Math.max(1, Math.ceil((next - now.getTime()) / 1000)),
  };
}

/** A recipient's counter is keyed by a hash: no e-mail address is stored in Redis. */
export const recipientKeyPart = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/** A 429 whose `retryAfterSeconds` the gateway sends as Retry-After. */
function tooManyEmails(detail: string, retryAfterSeconds: number): ProblemError {
  const problem: Problem & { retryAfterSeconds: number } = {
    type: 'about:blank',
    status: 429,
    title: TOO_MANY_EMAILS_TITLE,
    detail,
    retryAfterSeconds,
  };
  return new ProblemError(problem);
}

/** Who asks Kitty to send the e-mails: the caller of the command, as the gateway vouched for them. */
export interface EmailSender {
  userId: string;
  email: string;
  /** Set only when the gateway confirmed, for this command, that the sender's address is verified. */
  emailVerified?: true;
}

/**
 * The daily allowance of e-mails a user can make Kitty send to other people's addresses (pot invitations,
 * reminders, top-up requests): every such e-mail is reserved here first. Counted in Redis rather than Postgres because the producers live in two
 * services with separate schemas (pots, payments) that must share one count per sender and per recipient,
 * every replica must see the same count at once, and the counters are disposable (losing them at worst
 * resets one day's allowance). Keys sit under QUEUE_PREFIX with one hash tag, so a Redis Cluster keeps
 * the script's keys in one slot.
 */
export class EmailQuota implements OnApplicationShutdown {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly limits: EmailLimits = EMAIL_LIMITS,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  static fromUrl(redisUrl: string, prefix: string): EmailQuota {
    return new EmailQuota(createRedis(redisUrl, { maxRetriesPerRequest: 1 }), prefix);
  }

  /**
   * Takes one e-mail per recipient from the sender's allowance and one from each recipient's, or throws a
   * 429 problem and takes nothing. Recipients are counted once each however they are spelt; the sender's
   * own confirmed address is not someone else's and costs nothing. A sender whose address is not
   * confirmed may e-mail no one (403): otherwise an account made with any address could.
   */
  async reserve(sender: EmailSender, recipients: readonly string[]): Promise<void> {
    const normalise = (email: string) => email.trim().toLowerCase();
    const own = sender.emailVerified ? normalise(sender.email) : null;
    const unique = [...new Set(recipients.map(normalise))].filter((email) => email !== own);
    if (unique.length === 0) return;
    if (!sender.emailVerified)
      throw ProblemError.of(403, VERIFY_YOUR_EMAIL_TITLE, CONFIRM_EMAIL_FIRST_DETAIL);
    const { day, secondsLeft } = utcDay(this.clock());
    const base = `${this.prefix}:{email-quota}:${day}`;
    const keys = [
      `${base}:sender:${sender.userId}`,
      ...unique.map((email) => `${base}:to:${recipientKeyPart(email)}`),
    ];
    const [outcome, index] = (await this.redis.eval(
      RESERVE_SCRIPT,
      keys.length,
      ...keys,
      this.limits.perSenderPerDay,
      this.limits.perRecipientPerDay,
      secondsLeft + EXPIRY_MARGIN_SECONDS,
    )) as [number, number?];
    if (outcome === 1) throw tooManyEmails(tooManyEmailsFromSender(this.limits.perSenderPerDay), secondsLeft);
    if (outcome === 2) throw tooManyEmails(tooManyEmailsToRecipient(unique[(index ?? 1) - 1]), secondsLeft);
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }
}
