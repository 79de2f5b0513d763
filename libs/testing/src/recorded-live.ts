import type { LiveTopic } from '@kitty/contracts';

/** Live notices as a service publishes them (LivePublisher's shape), for tests to read. */
export class RecordedLive {
  readonly notices: { userIds: string[]; topics: LiveTopic[] }[] = [];

  /** Stands in for the service's LivePublisher (constructor arguments are typed as it). */
  asPublisher<Publisher>(): Publisher {
    return {
      publish: async (userIds: Iterable<string>, topics: LiveTopic[]) =>
        void this.notices.push({ userIds: [...userIds], topics }),
    } as unknown as Publisher;
  }
}
