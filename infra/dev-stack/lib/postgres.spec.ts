import { databaseName, redact, withDatabase } from './postgres';
import { probe as probeRedis } from './redis';

describe('database URLs', () => {
  it('swaps the database, keeping credentials and options', () => {
    const url = withDatabase(
      'postgresql://kitty:secret@db.local:6543/kitty?sslmode=disable',
      'kitty_test_abc',
    );
    expect(url).toBe('postgresql://kitty:secret@db.local:6543/kitty_test_abc?sslmode=disable');
    expect(databaseName(url)).toBe('kitty_test_abc');
  });

  it('hides passwords when printing', () => {
    expect(redact('postgresql://kitty:secret@db.local/kitty')).toBe('postgresql://kitty:****@db.local/kitty');
  });
});

describe('Redis probe', () => {
  it('reports a port nobody listens on as unreachable', async () => {
    expect(await probeRedis('redis://127.0.0.1:1')).toBe('unreachable');
  });
});
