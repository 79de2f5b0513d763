/**
 * Largest remainder (Hamilton) apportionment of `total` units in proportion to integer `weights`.
 *
 * Everyone first gets ⌊total × weight / Σweights⌋; the few units left over (fewer than the number of
 * members) go one each to the largest fractional remainders, ties to the earlier member. So the parts
 * always add up to `total`, each is within one unit of its exact share, and the same input always gives
 * the same output. Products are BigInt: a £10m expense × a weight of 10^6 is already past 2^53.
 */
export function apportion(total: number, weights: readonly bigint[]): number[] {
  const totalUnits = BigInt(total);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0n);
  const floors = weights.map((weight) => (totalUnits * weight) / weightSum);
  // Every remainder has the same denominator (weightSum), so the numerators compare directly.
  const remainders = weights.map((weight) => (totalUnits * weight) % weightSum);
  const leftover = Number(totalUnits - floors.reduce((sum, part) => sum + part, 0n));

  const byRemainder = weights
    .map((_, index) => index)
    .sort((a, b) => (remainders[a] === remainders[b] ? a - b : remainders[a] > remainders[b] ? -1 : 1));
  const parts = floors.map(Number);
  for (const index of byRemainder.slice(0, leftover)) parts[index] += 1;
  return parts;
}
