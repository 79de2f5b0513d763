import type { SplitInput } from '@kitty/contracts';
import {
  MoneyError,
  splitByExactAmounts,
  splitByPercentages,
  splitByShares,
  splitEqually,
  splitItemised,
} from '@kitty/money';
import { ProblemError } from '@kitty/nest-common';

export interface Share {
  memberId: string;
  amountPence: number;
}

/** Each member's share of an expense; the shares always add up to the total (largest remainder). */
export function computeShares(split: SplitInput, totalPence: number): Share[] {
  const pairs = split.members.map((member) => [member.memberId, member.value ?? 0] as const);
  try {
    switch (split.mode) {
      case 'equal':
        return splitEqually(
          totalPence,
          split.members.map((member) => member.memberId),
        ).map(toShare);
      case 'exact':
        return splitByExactAmounts(totalPence, pairs).map(toShare);
      case 'percent':
        return splitByPercentages(totalPence, pairs).map(toShare);
      case 'shares':
        return splitByShares(totalPence, pairs).map(toShare);
      case 'itemised':
        // The bill may be in another currency: its lines weigh the shares of the total in pounds.
        return splitItemised(
          totalPence,
          split.items?.lines ?? [],
          split.members.map((member) => member.memberId),
        ).map(toShare);
    }
  } catch (error) {
    if (error instanceof MoneyError) throw ProblemError.of(400, 'Invalid split', error.message);
    throw error;
  }
}

const toShare = (share: { memberId: string; amountPence: number }): Share => ({
  memberId: share.memberId,
  amountPence: share.amountPence,
});
