/**
 * The two rows YNAB writes for each transfer (one per account, payee "Transfer : <other account>")
 * read as one AppTransfer. A split's transfer line is a leg like any other: it leaves the split
 * (ynab.ts) and is paired here, so its money still moves between the two accounts.
 */
import type { AppTransaction, AppTransfer, LeftBehind } from './app-export';
import { centsText, linesSource } from './reader-support';
import { pairClosest } from './transfer-pairing';

/** One row of a transfer, waiting for its counterpart in the other account. */
export interface Leg {
  line: number;
  account: string;
  other: string;
  date: string;
  amountCents: number;
  memo: string | null;
  inSplit: boolean;
}

/**
 * Pairs the two rows of each transfer: same date, opposite amounts, each naming the other's
 * account. A row left without its counterpart is still a transfer when the other account is in
 * the export (YNAB always writes both, so the other row was filtered out); else (an account
 * deleted or not exported) it stays a transaction of its own account, payee as YNAB shows it, so
 * that account's total is still the file's.
 */
export function resolveTransfers(
  legs: readonly Leg[],
  accounts: ReadonlySet<string>,
  leftBehind: LeftBehind[],
  transactions: AppTransaction[],
): AppTransfer[] {
  const outs = legs.filter((leg) => leg.amountCents < 0);
  const ins = legs.filter((leg) => leg.amountCents > 0);
  const pairs = pairClosest(
    outs,
    ins,
    {
      out: (leg) => JSON.stringify([leg.date, -leg.amountCents, leg.account, leg.other]),
      in: (leg) => JSON.stringify([leg.date, leg.amountCents, leg.other, leg.account]),
    },
    () => 0,
  );
  const found: Array<{ line: number; transfer: AppTransfer }> = [];
  const paired = new Set<Leg>();
  for (const [out, incoming] of pairs) {
    paired.add(out).add(incoming);
    const transfer = transferOf(
      out,
      incoming.account,
      linesSource([out.line, incoming.line]),
      out.memo ?? incoming.memo,
    );
    found.push({ line: Math.min(out.line, incoming.line), transfer });
  }
  const broughtOver = (leg: Leg) => paired.has(leg) || (accounts.has(leg.other) && leg.other !== leg.account);
  for (const leg of legs) {
    if (paired.has(leg)) continue;
    const direction = leg.amountCents < 0 ? 'to' : 'from';
    if (!broughtOver(leg)) {
      const reason = `a transfer ${direction} "${leg.other}" (${centsText(leg.amountCents)}), an account that is not in this export: brought as a transaction without a category`;
      leftBehind.push({ source: `line ${leg.line}`, reason });
      transactions.push({ source: `line ${leg.line}`, account: leg.account, date: leg.date, payee: `Transfer : ${leg.other}`, amountCents: leg.amountCents, memo: leg.memo, lines: [] });
      continue;
    }
    found.push({ line: leg.line, transfer: transferOf(leg, leg.other, `line ${leg.line}`, leg.memo) });
  }
  for (const leg of legs) {
    if (!leg.inSplit || !broughtOver(leg)) continue;
    const reason = `a transfer line of a split: brought over as a transfer of its own ${leg.amountCents < 0 ? 'to' : 'from'} "${leg.other}", outside the split`;
    leftBehind.push({ source: `line ${leg.line}`, reason });
  }
  return found.sort((a, b) => a.line - b.line).map(({ transfer }) => transfer);
}

/** The transfer one leg describes; `from` is the account the money left. */
function transferOf(leg: Leg, other: string, source: string, memo: string | null): AppTransfer {
  const amountCents = Math.abs(leg.amountCents);
  const [from, to] = leg.amountCents < 0 ? [leg.account, other] : [other, leg.account];
  return { source, from, to, date: leg.date, amountCents, toAmountCents: amountCents, memo };
}
