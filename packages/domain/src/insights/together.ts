/**
 * "Together" (issue 25): how the feelings of a book's members meet about the same purchases.
 * A purchase is compared when at least two of the members counted recorded a feeling about it;
 * it was regretted by *all* when every one of those feelings is 'Regretted it', by *some* when
 * at least one is and at least one is not. Purchases nobody regretted are compared but in
 * neither sum.
 */

/** A purchase felt by at least two members: how many felt it and how many of them regretted it. */
export interface ComparedPurchase {
  id: number;
  /** Its payee; null: none. */
  payeeId: number | null;
  amountCents: number;
  felt: number;
  regretted: number;
}

/** A split line of a compared purchase: the part of it spent in a category. */
export interface PurchaseLine {
  transactionId: number;
  categoryId: number;
  amountCents: number;
}

export interface SharedRegretSums {
  allCents: number;
  allCount: number;
  someCents: number;
  someCount: number;
}

export interface SharedRegretLine extends SharedRegretSums {
  /** A payee or category id; null: no payee / uncategorized. */
  key: number | null;
}

export interface SharedRegret {
  compared: number;
  totals: SharedRegretSums;
  byPayee: SharedRegretLine[];
  byCategory: SharedRegretLine[];
}

type Agreement = 'all' | 'some' | 'none';

/** Whether every member who felt a purchase regretted it, some did, or none did. */
export function agreementOf(purchase: Pick<ComparedPurchase, 'felt' | 'regretted'>): Agreement {
  if (purchase.regretted === 0) return 'none';
  return purchase.regretted === purchase.felt ? 'all' : 'some';
}

const emptySums = (): SharedRegretSums => ({ allCents: 0, allCount: 0, someCents: 0, someCount: 0 });

function add(sums: SharedRegretSums, agreement: Exclude<Agreement, 'none'>, amountCents: number): void {
  if (agreement === 'all') {
    sums.allCents += amountCents;
    sums.allCount += 1;
  } else {
    sums.someCents += amountCents;
    sums.someCount += 1;
  }
}

/** Lines by key, most regretted money first (then by key, for a stable order). */
function sortedLines(lines: Map<number | null, SharedRegretSums>): SharedRegretLine[] {
  return [...lines.entries()]
    .map(([key, sums]) => ({ key, ...sums }))
    .sort((a, b) => b.allCents + b.someCents - (a.allCents + a.someCents) || (a.key ?? -1) - (b.key ?? -1));
}

function lineOf(lines: Map<number | null, SharedRegretSums>, key: number | null): SharedRegretSums {
  let sums = lines.get(key);
  if (!sums) {
    sums = emptySums();
    lines.set(key, sums);
  }
  return sums;
}

/**
 * The sums of the compared purchases, in all, per payee and per category. A split purchase counts
 * in each of its categories by its line's amount (once per category), and what its lines leave
 * of its amount counts as uncategorized (null), as the other insights do.
 */
export function sharedRegret(purchases: readonly ComparedPurchase[], lines: readonly PurchaseLine[]): SharedRegret {
  const linesOf = new Map<number, PurchaseLine[]>();
  for (const line of lines) {
    const known = linesOf.get(line.transactionId);
    if (known) known.push(line);
    else linesOf.set(line.transactionId, [line]);
  }
  const totals = emptySums();
  const byPayee = new Map<number | null, SharedRegretSums>();
  const byCategory = new Map<number | null, SharedRegretSums>();
  for (const purchase of purchases) {
    const agreement = agreementOf(purchase);
    if (agreement === 'none') continue;
    add(totals, agreement, purchase.amountCents);
    add(lineOf(byPayee, purchase.payeeId), agreement, purchase.amountCents);
    const perCategory = new Map<number | null, number>();
    let allocated = 0;
    for (const line of linesOf.get(purchase.id) ?? []) {
      perCategory.set(line.categoryId, (perCategory.get(line.categoryId) ?? 0) + line.amountCents);
      allocated += line.amountCents;
    }
    if (purchase.amountCents - allocated > 0) perCategory.set(null, purchase.amountCents - allocated);
    for (const [categoryId, amountCents] of perCategory) add(lineOf(byCategory, categoryId), agreement, amountCents);
  }
  return { compared: purchases.length, totals, byPayee: sortedLines(byPayee), byCategory: sortedLines(byCategory) };
}
