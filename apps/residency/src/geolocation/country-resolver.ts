import maxmind, { type CountryResponse, type Reader } from 'maxmind';

import { publicAddress } from './ip-address';

/**
 * Maps an IP address to an ISO 3166-1 alpha-2 country code, or null when the address says nothing
 * (not public, not valid, not in the data). GeoIP sources disagree on some ranges, so the source stays
 * behind this interface.
 */
export abstract class CountryResolver {
  abstract countryOf(ip: string): string | null;
}

/**
 * Country database shipped in an npm package (RIR whois + ASN + geofeeds; data CC BY 4.0 by the NRO):
 * offline, about 8 MB, loaded into memory once.
 */
export const BUNDLED_COUNTRY_DATABASE =
  require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');

/** This database's record is a bare `country_code`, not MaxMind's nested `country.iso_code`. */
interface CountryRecord extends CountryResponse {
  readonly country_code?: unknown;
}

const ISO_COUNTRY_CODE = /^[A-Za-z]{2}$/;

export class MmdbCountryResolver implements CountryResolver {
  private constructor(private readonly reader: Reader<CountryRecord>) {}

  static async open(file: string = BUNDLED_COUNTRY_DATABASE): Promise<MmdbCountryResolver> {
    return new MmdbCountryResolver(await maxmind.open<CountryRecord>(file));
  }

  countryOf(ip: string): string | null {
    const address = publicAddress(ip);
    if (address === null) return null;
    const code = this.reader.get(address)?.country_code;
    return typeof code === 'string' && ISO_COUNTRY_CODE.test(code) ? code.toUpperCase() : null;
  }
}
