import { DuplicateMemberError, InvalidMemberIdError } from './errors';

/**
 * A value per member, either as an object (`{ alice: 500 }`) or as `[memberId, value]` pairs (an array or
 * a Map). Order matters (results keep it, ties go to the earlier member), and objects list integer-like
 * keys ('7') before all others whatever the insertion order — pass pairs when ids may look like numbers.
 */
export type MemberValues =
  Readonly<Record<string, number>> | Iterable<readonly [memberId: string, value: number]>;

export interface MemberValue {
  readonly memberId: string;
  readonly value: number;
}

export function assertMemberId(memberId: unknown): asserts memberId is string {
  if (typeof memberId !== 'string' || memberId === '') throw new InvalidMemberIdError(memberId);
}

/** The pairs of `input` in order, with every id checked and no id twice. Values are left to the caller. */
export function memberValues(input: MemberValues): MemberValue[] {
  const pairs =
    Symbol.iterator in input
      ? Array.from(input as Iterable<readonly [string, number]>)
      : Object.entries(input);
  const seen = new Set<string>();
  return pairs.map(([memberId, value]) => {
    assertMemberId(memberId);
    if (seen.has(memberId)) throw new DuplicateMemberError(memberId);
    seen.add(memberId);
    return { memberId, value };
  });
}

/** Member ids in order, each checked and none twice. */
export function uniqueMemberIds(memberIds: Iterable<string>): string[] {
  return memberValues(Array.from(memberIds, (memberId) => [memberId, 0] as const)).map(
    ({ memberId }) => memberId,
  );
}

/**
 * Code-unit order, the same in every runtime and locale (unlike `localeCompare`), so that a plan computed
 * in the browser and on the server is the same plan.
 */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
