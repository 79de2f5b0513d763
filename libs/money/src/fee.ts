import { InvalidAmountError, InvalidResidencyError } from './errors';
import { assertPositivePence, MAX_PENCE, type Pence } from './pence';

export type Residency = 'uk' | 'international';

/** decisions.md §8: 2% for UK residents, 6% for international users, added on top of the amount. */
export const PLATFORM_FEE_RATE_PERCENT = { uk: 2, international: 6 } as const satisfies Record<
  Residency,
  number
>;

export type PlatformFeeRatePercent = (typeof PLATFORM_FEE_RATE_PERCENT)[Residency];

/** Up to here amount × 6 + 50 is a safe integer, so the fee below is exact (about £15 trillion). */
export const MAX_FEE_AMOUNT_PENCE: Pence = (MAX_PENCE - 50 - ((MAX_PENCE - 50) % 6)) / 6;

export interface PlatformFee {
  /** What the platform keeps. */
  readonly feePence: Pence;
  readonly ratePercent: PlatformFeeRatePercent;
  /** What the payer is charged: the amount plus the fee. The destination receives the full amount. */
  readonly totalPence: Pence;
}

/**
 * Fee on adding `amountPence` = amount × rate rounded half up to the penny, in integer arithmetic:
 * ⌊(amount × ratePercent + 50) / 100⌋. Every step is exact on safe integers: the product, `%`, the
 * subtraction that leaves a multiple of 100, and dividing that multiple by 100.
 */
export function platformFee(amountPence: Pence, residency: Residency): PlatformFee {
  assertPositivePence(amountPence);
  if (amountPence > MAX_FEE_AMOUNT_PENCE)
    throw new InvalidAmountError(amountPence, 'too large to add in one go');
  if (residency !== 'uk' && residency !== 'international') throw new InvalidResidencyError(residency);
  const ratePercent = PLATFORM_FEE_RATE_PERCENT[residency];
  const scaled = amountPence * ratePercent + 50;
  const feePence = (scaled - (scaled % 100)) / 100;
  return { feePence, ratePercent, totalPence: amountPence + feePence };
}
