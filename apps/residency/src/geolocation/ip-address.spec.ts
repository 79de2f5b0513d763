import { publicAddress } from './ip-address';

describe('publicAddress', () => {
  it.each(['81.2.69.142', '8.8.8.8', '2a01:4b00::1', '2001:4860:4860::8888'])(
    'keeps the public address %s',
    (ip) => {
      expect(publicAddress(ip)).toBe(ip);
    },
  );

  it('unwraps an IPv4-mapped IPv6 address, as dual-stack sockets report IPv4 callers', () => {
    expect(publicAddress('::ffff:81.2.69.142')).toBe('81.2.69.142');
  });

  it.each([
    ['unspecified', '0.0.0.0'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.31.255.1'],
    ['private 192.168/16', '192.168.1.1'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['loopback', '127.0.0.1'],
    ['loopback, IPv4-mapped', '::ffff:127.0.0.1'],
    ['link-local', '169.254.10.20'],
    ['IPv6 unspecified', '::'],
    ['IPv6 loopback', '::1'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local with a zone', 'fe80::1%eth0'],
    ['IPv6 unique-local', 'fd12:3456:789a::1'],
    ['empty', ''],
    ['not an address', 'localhost'],
  ])('refuses %s (%s)', (_kind, ip) => {
    expect(publicAddress(ip)).toBeNull();
  });
});
