import fc from 'fast-check';

/** Shared by the specs; not part of the library's API. */

/** Distinct member ids, including ones that look like numbers ('7'), which objects would reorder. */
export const memberIdsArb = (minLength: number, maxLength: number): fc.Arbitrary<string[]> =>
  fc.uniqueArray(fc.oneof(fc.string({ minLength: 1, maxLength: 6 }), fc.nat({ max: 99 }).map(String)), {
    minLength,
    maxLength,
  });

/** Integer amounts that sum to `total`, as cut points on [0, total]. */
export const partitionArb = (total: number, parts: number): fc.Arbitrary<number[]> =>
  fc.array(fc.integer({ min: 0, max: total }), { minLength: parts - 1, maxLength: parts - 1 }).map((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), total];
    return points.slice(1).map((point, index) => point - points[index]);
  });

/** Net positions of a group (sum 0): `[memberId, pence][]`, the last member balancing the others. */
export const positionsArb = (
  minMembers: number,
  maxMembers: number,
  maxPence: number,
): fc.Arbitrary<Array<[string, number]>> =>
  memberIdsArb(minMembers, maxMembers).chain((ids) =>
    fc
      .array(fc.integer({ min: -maxPence, max: maxPence }), {
        minLength: ids.length - 1,
        maxLength: ids.length - 1,
      })
      .map((values) => {
        const balance = -values.reduce((sum, value) => sum + value, 0);
        return ids.map((id, index): [string, number] => [
          id,
          index < values.length ? values[index] : balance,
        ]);
      }),
  );

/** The error `action` throws, so its fields can be checked (fails the test if nothing is thrown). */
export function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
