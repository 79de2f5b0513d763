import { randomUUID } from 'node:crypto';

import { liveChannel, type LiveTopic, potTopic, sessionRevokedChannel } from '@kitty/contracts';
import { LivePublisher } from '@kitty/nest-common';
import { Redis } from 'ioredis';

import { LiveHub, MAX_STREAMS_PER_USER } from './live-hub';

/**
 * Live notices on the real Redis: a service's LivePublisher to two gateway replicas' hubs. Each notice
 * reaches the streams of the users it names, on whichever replica they are, and nobody else's.
 */
// eslint-disable-next-line no-restricted-properties -- npm test points medium tests at its run's Redis here.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Heard {
  topics: LiveTopic[];
  at: number;
}

function recorder() {
  const heard: Heard[] = [];
  let ended = false;
  return {
    heard,
    get ended() {
      return ended;
    },
    stream: {
      send: (topics: LiveTopic[], at: number) => void heard.push({ topics, at }),
      end: () => (ended = true),
    },
  };
}

/**
 * Polls until `condition` holds. Pub/sub delivery on a loaded CI machine can take seconds: it waits up to
 * 20 s (within the preset's 30 s per test) before the assertions that follow say what is missing.
 */
const until = async (condition: () => boolean) => {
  const deadline = Date.now() + 20_000;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('live notices (real Redis, two gateway replicas)', () => {
  const prefix = `live-test-${randomUUID().slice(0, 8)}`;
  const config = { REDIS_URL, QUEUE_PREFIX: prefix };
  const hubs = [new LiveHub(config), new LiveHub(config)];
  const publisher = new LivePublisher(REDIS_URL, prefix);
  const ann = randomUUID();
  const ben = randomUUID();
  const stranger = randomUUID();

  beforeAll(() => Promise.all(hubs.map((hub) => hub.onModuleInit())));
  afterAll(() => {
    hubs.forEach((hub) => hub.onModuleDestroy());
    publisher.onApplicationShutdown();
  });

  it('tells the named users’ streams on every replica, and nobody else', async () => {
    const annOnFirst = recorder();
    const annOnSecond = recorder();
    const benOnSecond = recorder();
    const strangerOnFirst = recorder();
    const closers = [
      hubs[0].open(ann, annOnFirst.stream),
      hubs[1].open(ann, annOnSecond.stream),
      hubs[1].open(ben, benOnSecond.stream),
      hubs[0].open(stranger, strangerOnFirst.stream),
    ];
    const potId = randomUUID();

    const before = Date.now();
    await publisher.publish([ann, ben, ann], [potTopic(potId), 'pots']);
    await until(() => annOnFirst.heard.length + annOnSecond.heard.length + benOnSecond.heard.length >= 3);

    for (const { heard } of [annOnFirst, annOnSecond, benOnSecond]) {
      expect(heard).toEqual([{ topics: [`pot:${potId}`, 'pots'], at: expect.any(Number) as number }]);
      expect(heard[0].at).toBeGreaterThanOrEqual(before);
    }
    expect(strangerOnFirst.heard).toEqual([]);

    // A closed stream hears nothing more, once its replica has had the notice (a stream opened there since
    // hears it).
    closers[0]();
    const annOnFirstAgain = recorder();
    const closeAgain = hubs[0].open(ann, annOnFirstAgain.stream);
    await publisher.publish([ann], ['wallet']);
    await until(() => annOnSecond.heard.length >= 2 && annOnFirstAgain.heard.length >= 1);
    expect(annOnSecond.heard.map((h) => h.topics)).toEqual([[`pot:${potId}`, 'pots'], ['wallet']]);
    expect(annOnFirstAgain.heard.map((h) => h.topics)).toEqual([['wallet']]);
    expect(annOnFirst.heard).toHaveLength(1);
    closeAgain();
    closers.slice(1).forEach((close) => close());
    expect(hubs[0].openStreams + hubs[1].openStreams).toBe(0);
  });

  it('ignores what is not a notice (a forged message names nobody it can reach)', async () => {
    const annStream = recorder();
    const close = hubs[0].open(ann, annStream.stream);
    const redis = new Redis(REDIS_URL);
    for (const raw of [
      'not json',
      JSON.stringify({ userIds: [ann], topics: ['everything'], at: 1 }),
      JSON.stringify({ userIds: [ann], topics: ['pot:../../admin'], at: 1 }),
      JSON.stringify({ userIds: 'x', topics: ['wallet'], at: 1 }),
      JSON.stringify({ userIds: [ann], topics: [], at: 1 }),
    ])
      await redis.publish(liveChannel(prefix), raw);
    await publisher.publish([ann], ['withdrawals']);
    // One subscriber gets its messages in the order they were published: once the notice is heard, the
    // forged messages published before it have been handled.
    await until(() => annStream.heard.length >= 1);
    expect(annStream.heard.map((h) => h.topics)).toEqual([['withdrawals']]);
    close();
    redis.disconnect();
  });

  it('ends the streams of a revoked session on every replica at once, and no other session’s', async () => {
    const [revokedSid, otherSid] = [randomUUID(), randomUUID()];
    const onFirst = recorder();
    const onSecond = recorder();
    const otherSession = recorder();
    const closers = [
      hubs[0].open(ann, onFirst.stream, revokedSid),
      hubs[1].open(ann, onSecond.stream, revokedSid),
      hubs[1].open(ann, otherSession.stream, otherSid),
    ];
    const redis = new Redis(REDIS_URL);
    // What auth's SessionRevocations publishes when a session ends.
    await redis.publish(sessionRevokedChannel(prefix), revokedSid);
    await until(() => onFirst.ended && onSecond.ended);
    expect([onFirst.ended, onSecond.ended, otherSession.ended]).toEqual([true, true, false]);
    closers.forEach((close) => close());
    expect(hubs[0].openStreams + hubs[1].openStreams).toBe(0);
    redis.disconnect();
  });

  it(`keeps at most ${MAX_STREAMS_PER_USER} streams per user, and ends them all when the replica stops`, async () => {
    const hub = new LiveHub(config);
    await hub.onModuleInit();
    const streams = Array.from({ length: MAX_STREAMS_PER_USER }, () => recorder());
    streams.forEach(({ stream }) => hub.open(ben, stream));
    expect(() => hub.open(ben, recorder().stream)).toThrow(
      expect.objectContaining({ problem: expect.objectContaining({ status: 429 }) as unknown }),
    );
    hub.open(ann, recorder().stream);

    hub.onModuleDestroy();
    expect(streams.every((s) => s.ended)).toBe(true);
    expect(hub.openStreams).toBe(0);
  });

  it('never fails its caller while Redis is unreachable', async () => {
    const offline = new LivePublisher('redis://127.0.0.1:1', prefix);
    await expect(offline.publish([ann], ['wallet'])).resolves.toBeUndefined();
    offline.onApplicationShutdown();
  });
});
