import type { DetectResidencyJob } from '@kitty/contracts';
import type { OutboxRelay } from '@kitty/nest-common';
import { Logger } from '@nestjs/common';

import type { ResidencyConfig } from '../config';
import { CountryResolver, MmdbCountryResolver } from '../geolocation/country-resolver';
import type { ResidencyRepository } from './residency.repository';
import { ResidencyService } from './residency.service';

const USER_ID = '6f1c2b1e-8a57-4f0e-9a59-3c1d2e4f5a6b';
const OBSERVED_AT = '2026-03-01T12:00:00.000Z';

const job = (ip: string | null): DetectResidencyJob => ({ userId: USER_ID, ip, observedAt: OBSERVED_AT });

function setup({ defaultCountry, resolver }: { defaultCountry?: string; resolver?: CountryResolver } = {}) {
  const repository = {
    record: jest.fn<ReturnType<ResidencyRepository['record']>, Parameters<ResidencyRepository['record']>>(),
    findByUserId: jest.fn(),
  };
  repository.record.mockResolvedValue(true);
  const countries = resolver ?? {
    countryOf: jest.fn((ip: string) => ({ '8.8.8.8': 'US', '81.2.69.142': 'GB' })[ip] ?? null),
  };
  const config = { RESIDENCY_DEFAULT_COUNTRY: defaultCountry } as ResidencyConfig;
  const outbox = { kick: jest.fn() };
  const service = new ResidencyService(
    config,
    countries,
    repository as unknown as ResidencyRepository,
    outbox as unknown as OutboxRelay,
  );
  return { service, repository, outbox };
}

describe('ResidencyService.detect (the residency.detect.v1 handler)', () => {
  it('records a UK resident from a UK address, dated when the address was seen', async () => {
    const { service, repository } = setup();
    await service.detect(job('81.2.69.142'));
    expect(repository.record).toHaveBeenCalledWith({
      userId: USER_ID,
      countryCode: 'GB',
      isUkResident: true,
      detectedAt: new Date(OBSERVED_AT),
      method: 'ip_address',
    });
  });

  it('sends the change to auth at once when it was stored, and nothing when it was not', async () => {
    const { service, repository, outbox } = setup();
    await service.detect(job('81.2.69.142'));
    expect(outbox.kick).toHaveBeenCalledTimes(1);
    repository.record.mockResolvedValue(false);
    await service.detect(job('81.2.69.142'));
    expect(outbox.kick).toHaveBeenCalledTimes(1);
  });

  it('records an international user from a non-UK address, even when a default country is set', async () => {
    const { service, repository } = setup({ defaultCountry: 'GB' });
    await service.detect(job('8.8.8.8'));
    expect(repository.record).toHaveBeenCalledWith(
      expect.objectContaining({ countryCode: 'US', isUkResident: false }),
    );
  });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1', '192.168.0.10', null])(
    'uses the default country for %s',
    async (ip) => {
      const { service, repository } = setup({
        defaultCountry: 'GB',
        resolver: await MmdbCountryResolver.open(),
      });
      await service.detect(job(ip));
      expect(repository.record).toHaveBeenCalledWith(
        expect.objectContaining({ countryCode: 'GB', isUkResident: true }),
      );
    },
  );

  it('records an unknown country when there is no default', async () => {
    const { service, repository } = setup();
    await service.detect(job(null));
    expect(repository.record).toHaveBeenCalledWith(
      expect.objectContaining({ countryCode: null, isUkResident: false }),
    );
  });

  it('logs the user and rethrows when detection fails, so the queue retries the job', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const failure = new Error('database corrupt');
    const { service, repository } = setup({
      resolver: {
        countryOf: () => {
          throw failure;
        },
      },
    });
    await expect(service.detect(job('8.8.8.8'))).rejects.toBe(failure);
    expect(logged).toHaveBeenCalledWith({ userId: USER_ID, err: failure }, 'Failed to detect residency');
    expect(repository.record).not.toHaveBeenCalled();
    logged.mockRestore();
  });
});

describe('ResidencyService.recordKycAddress', () => {
  it('records the verified address’s country as a KYC residency', async () => {
    const { service, repository } = setup();
    await service.recordKycAddress({ userId: USER_ID, countryCode: 'GB', verifiedAt: OBSERVED_AT });
    expect(repository.record).toHaveBeenCalledWith({
      userId: USER_ID,
      countryCode: 'GB',
      isUkResident: true,
      detectedAt: new Date(OBSERVED_AT),
      method: 'kyc_address',
    });
  });
});

describe('ResidencyService.get', () => {
  it('returns the recorded residency in its wire shape', async () => {
    const { service, repository } = setup();
    repository.findByUserId.mockResolvedValue({
      userId: USER_ID,
      countryCode: 'GB',
      isUkResident: true,
      detectedAt: new Date(OBSERVED_AT),
      detectionMethod: 'ip_address',
      updatedAt: new Date(),
    });
    await expect(service.get(USER_ID)).resolves.toEqual({
      countryCode: 'GB',
      isUkResident: true,
      detectedAt: OBSERVED_AT,
      method: 'ip_address',
    });
  });

  it('returns null while nothing has been detected', async () => {
    const { service, repository } = setup();
    repository.findByUserId.mockResolvedValue(null);
    await expect(service.get(USER_ID)).resolves.toBeNull();
  });
});
