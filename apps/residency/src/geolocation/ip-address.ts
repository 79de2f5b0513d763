import { BlockList, isIP } from 'node:net';

/**
 * Addresses that say nothing about where a person is: unspecified, private (RFC 1918), carrier-grade NAT,
 * loopback, link-local and IPv6 unique-local. They are filtered before the lookup because the country
 * database maps some of them to a country anyway (it puts 192.168.1.1 in Australia).
 */
const NON_PUBLIC = new BlockList();
NON_PUBLIC.addSubnet('0.0.0.0', 8, 'ipv4');
NON_PUBLIC.addSubnet('10.0.0.0', 8, 'ipv4');
NON_PUBLIC.addSubnet('100.64.0.0', 10, 'ipv4');
NON_PUBLIC.addSubnet('127.0.0.0', 8, 'ipv4');
NON_PUBLIC.addSubnet('169.254.0.0', 16, 'ipv4');
NON_PUBLIC.addSubnet('172.16.0.0', 12, 'ipv4');
NON_PUBLIC.addSubnet('192.168.0.0', 16, 'ipv4');
NON_PUBLIC.addAddress('::', 'ipv6');
NON_PUBLIC.addAddress('::1', 'ipv6');
NON_PUBLIC.addSubnet('fe80::', 10, 'ipv6');
NON_PUBLIC.addSubnet('fc00::', 7, 'ipv6');

/** Dual-stack sockets report IPv4 callers as ::ffff:a.b.c.d; the database indexes them as a.b.c.d. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address in the form the country database indexes, or null when it is not a valid public address. */
export function publicAddress(ip: string): string | null {
  const trimmed = ip.trim();
  const address = IPV4_MAPPED.exec(trimmed)?.[1] ?? trimmed;
  const version = isIP(address);
  if (version === 0) return null;
  return NON_PUBLIC.check(address, version === 4 ? 'ipv4' : 'ipv6') ? null : address;
}
