import { potTags } from '@kitty/api-client';

/** One server-sent event: its name and its data line(s). */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Splits what has arrived of an event stream into whole events and the unfinished rest (events end with
 * a blank line; comment lines, the server's keep-alives, start with ':').
 */
export function parseServerSentEvents(buffer: string): { events: ServerSentEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: ServerSentEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

type Tag =
  | ReturnType<typeof potTags>[number]
  | { type: 'Wallet' | 'FundingHistory' | 'Withdrawals' | 'Onboarding'; id: 'ME' };

const POT_TOPIC = /^pot:([0-9a-f-]{36})$/;

/** What each topic of a change notice makes this tab re-read (see contracts' live-notice). */
export function tagsForTopics(topics: readonly unknown[]): Tag[] {
  const tags: Tag[] = [];
  for (const topic of topics) {
    if (topic === 'wallet') tags.push({ type: 'Wallet', id: 'ME' });
    else if (topic === 'top-ups') tags.push({ type: 'FundingHistory', id: 'ME' });
    else if (topic === 'withdrawals') tags.push({ type: 'Withdrawals', id: 'ME' });
    else if (topic === 'pots') tags.push({ type: 'PotList', id: 'LIST' });
    else if (topic === 'notifications') tags.push({ type: 'Notifications', id: 'ME' });
    else if (topic === 'onboarding') tags.push({ type: 'Onboarding', id: 'ME' });
    else if (typeof topic === 'string') {
      const potId = POT_TOPIC.exec(topic)?.[1];
      if (potId) tags.push(...potTags(potId));
    }
  }
  return tags;
}
