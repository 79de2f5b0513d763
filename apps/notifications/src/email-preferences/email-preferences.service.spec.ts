import { UNSUBSCRIBED_MESSAGE } from '@kitty/contracts';
import { ProblemError } from '@kitty/nest-common';

import type { EmailOptOutRepository } from './email-opt-out.repository';
import { EmailPreferencesService } from './email-preferences.service';
import { addressHash, unsubscribeToken } from './unsubscribe-token';

const config = { EMAIL_LINK_SECRET: 'k'.repeat(48) };

function setup() {
  const recorded: string[] = [];
  const optOuts = { record: jest.fn(async (hash: string) => void recorded.push(hash)) };
  const service = new EmailPreferencesService(config, optOuts as unknown as EmailOptOutRepository);
  return { service, recorded };
}

describe('EmailPreferencesService.unsubscribe', () => {
  it('records the opt-out of the address the token was signed for', async () => {
    const { service, recorded } = setup();
    const token = unsubscribeToken('grace@example.com', config.EMAIL_LINK_SECRET);
    await expect(service.unsubscribe({ token })).resolves.toEqual({
      unsubscribed: true,
      message: UNSUBSCRIBED_MESSAGE,
    });
    expect(recorded).toEqual([addressHash('grace@example.com')]);
  });

  it('refuses a token it did not sign with a 400, recording nothing', async () => {
    const { service, recorded } = setup();
    const forged = unsubscribeToken('grace@example.com', 'x'.repeat(48));
    await expect(service.unsubscribe({ token: forged })).rejects.toMatchObject({
      problem: { status: 400, title: 'Invalid link', detail: 'This unsubscribe link is not valid.' },
    });
    await expect(service.unsubscribe({ token: forged })).rejects.toBeInstanceOf(ProblemError);
    expect(recorded).toEqual([]);
  });
});
