import { JobCoalescer, MAX_COALESCED_JOBS, type QueuedJob } from './job-coalescer';

const job = (id: string): QueuedJob => ({ id, name: 'received', data: { id } });

describe('JobCoalescer', () => {
  it('sends the jobs added in one turn of the event loop in one addBulk per queue', async () => {
    const addBulk = jest.fn<Promise<void>, [string, QueuedJob[]]>().mockResolvedValue(undefined);
    const coalescer = new JobCoalescer(addBulk);
    await Promise.all([
      coalescer.add('stripe', job('a')),
      coalescer.add('issuing', job('b')),
      coalescer.add('stripe', job('c')),
    ]);
    expect(addBulk.mock.calls).toEqual([
      ['stripe', [job('a'), job('c')]],
      ['issuing', [job('b')]],
    ]);
    await coalescer.add('stripe', job('d'));
    expect(addBulk).toHaveBeenLastCalledWith('stripe', [job('d')]);
  });

  it('refuses every caller of a batch that Redis refused, and only them', async () => {
    const addBulk = jest
      .fn<Promise<void>, [string, QueuedJob[]]>()
      .mockImplementation((queueName) =>
        queueName === 'down' ? Promise.reject(new Error('Redis is down')) : Promise.resolve(),
      );
    const coalescer = new JobCoalescer(addBulk);
    const outcomes = await Promise.allSettled([
      coalescer.add('down', job('a')),
      coalescer.add('up', job('b')),
      coalescer.add('down', job('c')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
  });

  it('splits a large turn into transactions of at most the maximum', async () => {
    const addBulk = jest.fn<Promise<void>, [string, QueuedJob[]]>().mockResolvedValue(undefined);
    const coalescer = new JobCoalescer(addBulk);
    const count = MAX_COALESCED_JOBS * 2 + 5;
    await Promise.all(Array.from({ length: count }, (_, i) => coalescer.add('stripe', job(String(i)))));
    expect(addBulk.mock.calls.map(([, jobs]) => jobs.length)).toEqual([
      MAX_COALESCED_JOBS,
      MAX_COALESCED_JOBS,
      5,
    ]);
    expect(addBulk.mock.calls.flatMap(([, jobs]) => jobs.map((queued) => queued.id))).toEqual(
      Array.from({ length: count }, (_, i) => String(i)),
    );
  });
});
