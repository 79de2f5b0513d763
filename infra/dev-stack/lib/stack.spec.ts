import { choosePorts, countTests } from './stack';

const registry = {
  apps: [
    { name: 'gateway', port: 3000 },
    { name: 'auth', port: 3101 },
  ],
};

describe('stack helpers', () => {
  it("adds up Jest's Tests: lines", () => {
    expect(
      countTests([
        'Tests:       2 passed, 2 total',
        'Tests:       1 failed, 1 skipped, 1 todo, 5 passed, 8 total',
      ]),
    ).toEqual({ passed: 7, failed: 1, skipped: 2 });
  });

  it('uses KITTY_<APP>_PORT and KITTY_MAILDEV_*_PORT in development', async () => {
    const userEnv = { KITTY_GATEWAY_PORT: '0', KITTY_MAILDEV_WEB_PORT: 'x' };
    await expect(choosePorts(registry, { mode: 'development', userEnv })).rejects.toThrow(
      'Invalid port "0" for gateway',
    );
    await expect(
      choosePorts(registry, { mode: 'development', userEnv: { KITTY_MAILDEV_WEB_PORT: 'x' } }),
    ).rejects.toThrow('Invalid port "NaN" for MailDev web inbox');
  });

  it('takes free ports from the operating system in tests, whatever the user set', async () => {
    const { ports } = await choosePorts(registry, { mode: 'test', userEnv: { KITTY_GATEWAY_PORT: '3000' } });
    expect(Object.keys(ports).sort()).toEqual(['auth', 'gateway', 'mailWeb', 'smtp']);
    expect(new Set(Object.values(ports)).size).toBe(4);
    expect(ports.gateway).not.toBe(3000);
  });
});
