/**
 * Pairing the two rows an app writes for one transfer (YNAB writes one per account, Mint one per
 * side of a card payment). Each row is used once; the closest candidates pair first, so two equal
 * transfers a day apart are not crossed.
 */

/**
 * Pairs outgoing legs with incoming ones. Only legs with the same `key` can pair (amount and
 * whatever else must match exactly), so a large export stays fast; `distance` says how far apart
 * two such legs are (days) or null when they cannot pair. Ties go to the earlier legs in the file.
 */
export function pairClosest<O, I>(
  outs: readonly O[],
  ins: readonly I[],
  key: { out: (leg: O) => string; in: (leg: I) => string },
  distance: (out: O, incoming: I) => number | null,
): Array<[O, I]> {
  const insByKey = new Map<string, number[]>();
  ins.forEach((leg, j) => {
    const k = key.in(leg);
    const list = insByKey.get(k);
    if (list) list.push(j);
    else insByKey.set(k, [j]);
  });
  const candidates: Array<{ i: number; j: number; d: number }> = [];
  outs.forEach((leg, i) => {
    for (const j of insByKey.get(key.out(leg)) ?? []) {
      const d = distance(leg, ins[j] as I);
      if (d !== null) candidates.push({ i, j, d });
    }
  });
  candidates.sort((a, b) => a.d - b.d || a.i - b.i || a.j - b.j);
  const usedOut = new Set<number>();
  const usedIn = new Set<number>();
  const pairs: Array<{ i: number; pair: [O, I] }> = [];
  for (const { i, j } of candidates) {
    if (usedOut.has(i) || usedIn.has(j)) continue;
    usedOut.add(i);
    usedIn.add(j);
    pairs.push({ i, pair: [outs[i] as O, ins[j] as I] });
  }
  // In the order of the outgoing legs, so the result follows the file.
  return pairs.sort((a, b) => a.i - b.i).map(({ pair }) => pair);
}
