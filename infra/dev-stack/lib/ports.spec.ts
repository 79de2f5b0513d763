import net from 'node:net';

import { allocatePorts, canConnect, ephemeralPort, isPortFree } from './ports';

function listen(port = 0): Promise<net.Server> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen({ port, host: '0.0.0.0' }, () => resolve(server));
  });
}
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
const close = (server: net.Server) => new Promise((resolve) => server.close(resolve));

describe('ports', () => {
  it('tells a busy port from a free one', async () => {
    const server = await listen();
    const port = portOf(server);
    expect(await isPortFree(port)).toBe(false);
    expect(await canConnect(port)).toBe(true);
    await close(server);
    expect(await isPortFree(port)).toBe(true);
    expect(await canConnect(port)).toBe(false);
  });

  it('keeps a free default port', async () => {
    const port = await ephemeralPort();
    const { ports, notes } = await allocatePorts([
      { key: 'gateway', label: 'gateway', port, explicit: false },
    ]);
    expect(ports.gateway).toBe(port);
    expect(notes).toEqual([]);
  });

  it('moves a busy default port to the next free one and says so', async () => {
    const busy = new Set([3000, 3001]);
    const { ports, notes } = await allocatePorts(
      [{ key: 'gateway', label: 'gateway', port: 3000, explicit: false }],
      {
        isFree: async (p: number) => !busy.has(p),
        ownerOf: () => 'python3 (pid 42)',
      },
    );
    expect(ports.gateway).toBe(3002);
    expect(notes).toEqual(['Port 3000 (gateway) is in use by python3 (pid 42); using 3002 instead.']);
  });

  it('never gives two slots the same port', async () => {
    const { ports } = await allocatePorts(
      [
        { key: 'a', label: 'a', port: 4000, explicit: false },
        { key: 'b', label: 'b', port: 4000, explicit: false },
      ],
      { isFree: async () => true },
    );
    expect(ports).toEqual({ a: 4000, b: 4001 });
  });

  it('refuses a busy port the user asked for', async () => {
    await expect(
      allocatePorts([{ key: 'gateway', label: 'gateway', port: 3000, explicit: true }], {
        isFree: async () => false,
        ownerOf: () => '',
      }),
    ).rejects.toThrow('Port 3000 for gateway is already in use. Free it or choose another port.');
  });

  it('gives every slot a distinct operating-system port in ephemeral mode', async () => {
    const wanted = ['a', 'b', 'c', 'd'].map((key) => ({ key, label: key, port: 3000, explicit: false }));
    const { ports } = await allocatePorts(wanted, { ephemeral: true });
    const values = Object.values(ports);
    expect(new Set(values).size).toBe(4);
    expect(values).not.toContain(3000);
  });
});
