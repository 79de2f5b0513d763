/**
 * Every rule broken inside `@kitty/money` throws a subclass of `MoneyError`, so callers can map them to
 * validation problems with one `instanceof` check and switch on `code` for the message.
 */
export type MoneyErrorCode =
  | 'INVALID_AMOUNT'
  | 'INVALID_DECIMAL'
  | 'INVALID_RESIDENCY'
  | 'INVALID_MEMBER_ID'
  | 'DUPLICATE_MEMBER'
  | 'EMPTY_SPLIT'
  | 'INVALID_SPLIT_VALUE'
  | 'SPLIT_SUM_MISMATCH'
  | 'PERCENTAGE_SUM_MISMATCH'
  | 'UNBALANCED_POSITIONS';

export abstract class MoneyError extends Error {
  abstract readonly code: MoneyErrorCode;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A value that should be (a certain kind of) integer pence is not. */
export class InvalidAmountError extends MoneyError {
  readonly code = 'INVALID_AMOUNT';

  constructor(
    readonly value: unknown,
    reason: string,
  ) {
    super(`Invalid amount ${describe(value)}: ${reason}`);
  }
}

/** Text that should be a plain decimal number (pounds or percent) is not, or is too precise. */
export class InvalidDecimalError extends MoneyError {
  readonly code = 'INVALID_DECIMAL';

  constructor(
    readonly value: unknown,
    reason: string,
  ) {
    super(`Invalid decimal ${describe(value)}: ${reason}`);
  }
}

export class InvalidResidencyError extends MoneyError {
  readonly code = 'INVALID_RESIDENCY';

  constructor(readonly residency: unknown) {
    super(`Invalid residency ${describe(residency)}: expected 'uk' or 'international'`);
  }
}

export class InvalidMemberIdError extends MoneyError {
  readonly code = 'INVALID_MEMBER_ID';

  constructor(readonly memberId: unknown) {
    super(`Invalid member id ${describe(memberId)}: expected a non-empty string`);
  }
}

export class DuplicateMemberError extends MoneyError {
  readonly code = 'DUPLICATE_MEMBER';

  constructor(readonly memberId: string) {
    super(`Member ${JSON.stringify(memberId)} appears more than once`);
  }
}

export class EmptySplitError extends MoneyError {
  readonly code = 'EMPTY_SPLIT';

  constructor() {
    super('A split needs at least one member');
  }
}

/** A member's exact amount, percentage or share weight is out of range. */
export class InvalidSplitValueError extends MoneyError {
  readonly code = 'INVALID_SPLIT_VALUE';

  constructor(
    readonly memberId: string,
    readonly value: unknown,
    reason: string,
  ) {
    super(`Invalid split value ${describe(value)} for member ${JSON.stringify(memberId)}: ${reason}`);
  }
}

/** Exact amounts that do not add up to the expense. `differencePence` > 0 means too much was allocated. */
export class SplitSumMismatchError extends MoneyError {
  readonly code = 'SPLIT_SUM_MISMATCH';
  readonly differencePence: number;

  constructor(
    readonly totalPence: number,
    readonly allocatedPence: number,
  ) {
    super(`Exact amounts add up to ${allocatedPence}p, not the total of ${totalPence}p`);
    this.differencePence = allocatedPence - totalPence;
  }
}

/** Percentages that do not add up to 100%. `differenceBasisPoints` > 0 means over 100%. */
export class PercentageSumMismatchError extends MoneyError {
  readonly code = 'PERCENTAGE_SUM_MISMATCH';
  readonly differenceBasisPoints: number;

  constructor(readonly totalBasisPoints: number) {
    super(`Percentages add up to ${totalBasisPoints} basis points, not 10000 (100%)`);
    this.differenceBasisPoints = totalBasisPoints - 10_000;
  }
}

/** Net positions of a group must sum to zero: every penny someone is owed, someone else owes. */
export class UnbalancedPositionsError extends MoneyError {
  readonly code = 'UNBALANCED_POSITIONS';

  constructor(readonly sumPence: number) {
    super(`Net positions sum to ${sumPence}p instead of 0`);
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}
