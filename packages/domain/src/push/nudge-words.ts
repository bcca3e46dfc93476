/**
 * The words of a push nudge (DECISIONS.md #103): one purchase is named with its amount, so the
 * person can answer from the notification; several are counted, and the ledger answers them.
 */

export interface NudgeWords {
  title: string;
  body: string;
}

/** One purchase: 'Corner Bar $38.20 — how did that feel?'. `amount` is already formatted in the book's currency. */
export function singleNudgeWords(payee: string | null, amount: string): NudgeWords {
  const name = payee?.trim() ? payee.trim() : 'A purchase';
  return { title: `${name} ${amount} — how did that feel?`, body: 'Choose a feeling, or open Mindspend to add a purpose.' };
}

/** Several purchases: '5 new purchases to feel'. */
export function severalNudgeWords(count: number): NudgeWords {
  return { title: `${count} new purchases to feel`, body: 'Open the ledger to record how each one felt while it is fresh.' };
}
