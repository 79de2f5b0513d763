import { z } from 'zod';

import { idFromIdempotencyKey } from './derived-id';

describe('idFromIdempotencyKey', () => {
  it('gives one valid UUID per user, kind and key', () => {
    const id = idFromIdempotencyKey('withdrawal', 'user-1', 'key-1');

    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(idFromIdempotencyKey('withdrawal', 'user-1', 'key-1')).toBe(id);
    expect(idFromIdempotencyKey('withdrawal', 'user-2', 'key-1')).not.toBe(id);
    expect(idFromIdempotencyKey('top-up', 'user-1', 'key-1')).not.toBe(id);
    expect(idFromIdempotencyKey('withdrawal', 'user-1', 'key-2')).not.toBe(id);
  });

  it('keeps the parts apart (no two splits of one string collide)', () => {
    expect(idFromIdempotencyKey('a', 'bc', 'd')).not.toBe(idFromIdempotencyKey('ab', 'c', 'd'));
  });
});
