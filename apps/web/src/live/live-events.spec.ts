import { parseServerSentEvents, tagsForTopics } from './live-events';

describe('parseServerSentEvents', () => {
  it('splits whole events from the unfinished rest, skipping keep-alive comments', () => {
    const { events, rest } = parseServerSentEvents(
      'retry: 2000\nevent: ready\ndata: {}\n\n: keep-alive\n\nevent: change\ndata: {"topics":["wallet"]}\r\n\r\nevent: chan',
    );
    expect(events).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'change', data: '{"topics":["wallet"]}' },
    ]);
    expect(rest).toBe('event: chan');
  });

  it('joins data lines and names an unnamed event "message"', () => {
    expect(parseServerSentEvents('data: a\ndata:b\n\n').events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});

describe('tagsForTopics', () => {
  const potId = '11111111-1111-4111-8111-111111111111';

  it('re-reads what each topic names', () => {
    expect(
      tagsForTopics(['wallet', 'top-ups', 'withdrawals', 'pots', 'notifications', 'onboarding']),
    ).toEqual([
      { type: 'Wallet', id: 'ME' },
      { type: 'FundingHistory', id: 'ME' },
      { type: 'Withdrawals', id: 'ME' },
      { type: 'PotList', id: 'LIST' },
      { type: 'Notifications', id: 'ME' },
      { type: 'Onboarding', id: 'ME' },
    ]);
    expect(tagsForTopics([`pot:${potId}`])).toEqual(
      expect.arrayContaining([
        { type: 'Pot', id: potId },
        { type: 'Balances', id: potId },
        { type: 'Expenses', id: potId },
        { type: 'Activity', id: potId },
      ]),
    );
  });

  it('ignores what it does not know', () => {
    expect(tagsForTopics(['everything', 'pot:../admin', 42, null])).toEqual([]);
  });
});
