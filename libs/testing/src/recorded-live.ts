import type { ChangedExpense, LiveTopic } from '@kitty/contracts';

/** Live notices as a service publishes them (LivePublisher's shape), for tests to read. */
export class RecordedLive {
  readonly notices: { userIds: string[]; topics: LiveTopic[]; expense?: ChangedExpense }[] = [];

  /** Stands in for the service's LivePublisher (constructor arguments are typed as it). */
  asPublisher<Publisher>(): Publisher {
    return {
      publish: async (userIds: Iterable<string>, topics: LiveTopic[], expense?: ChangedExpense) =>
        void this.notices.push({ userIds: [...userIds], topics, ...(expense && { expense }) }),
    } as unknown as Publisher;
  }
}
