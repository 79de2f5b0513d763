import { MmdbCountryResolver } from './country-resolver';

// Against the database the service ships with; if an update moves one of these ranges, pick another
// address that the new data places in the country under test.
describe('MmdbCountryResolver', () => {
  let resolver: MmdbCountryResolver;

  beforeAll(async () => {
    resolver = await MmdbCountryResolver.open();
  });

  it.each([
    ['81.2.69.142', 'GB'],
    ['2.125.160.216', 'GB'],
    ['212.58.244.22', 'GB'],
    ['2a01:4b00::1', 'GB'],
    ['8.8.8.8', 'US'],
    ['2001:4860:4860::8888', 'US'],
    ['5.9.0.1', 'DE'],
  ])('places %s in %s', (ip, country) => {
    expect(resolver.countryOf(ip)).toBe(country);
  });

  it('looks up IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(resolver.countryOf('::ffff:81.2.69.142')).toBe('GB');
  });

  it.each(['127.0.0.1', '::1', '10.0.0.1', '192.168.1.1', 'fe80::1', 'fd00::1', 'not-an-ip'])(
    'knows nothing about %s',
    (ip) => {
      expect(resolver.countryOf(ip)).toBeNull();
    },
  );
});
