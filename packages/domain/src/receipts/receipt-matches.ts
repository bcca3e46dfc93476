/**
 * Which recorded purchases a receipt may belong to (issue 33; DECISIONS.md #108): the same amount
 * within 1 % (a tip or a card surcharge moves it a little), a day within 3 of the receipt's (a
 * card purchase posts a day or two later), ranked by how alike the payee's name is, then by how
 * close the amount and the day are. Without an amount nothing matches: a day alone is no evidence.
 */
import type { Cents } from '../money';

/** How far the amount may be from the receipt's, as a share of it. */
export const RECEIPT_AMOUNT_TOLERANCE = 0.01;
/** How many days the purchase may be from the receipt's day, either way. */
export const RECEIPT_DAY_TOLERANCE = 3;
/** How many matches are offered: more than a screen's worth is no help. */
export const RECEIPT_MATCH_LIMIT = 5;

export interface ReceiptFacts {
  amountCents: Cents | null;
  /** The days the receipt may be of: one, two when ambiguous, or the day it was photographed. */
  days: readonly string[];
  merchant: string | null;
}

export interface RecordedPurchase {
  transactionId: number;
  payee: string;
  amountCents: Cents;
  /** YYYY-MM-DD */
  date: string;
}

/** A purchase offered as the receipt's, with how alike its payee is: 0–1. */
export type ReceiptMatch<P extends RecordedPurchase = RecordedPurchase> = P & { payeeSimilarity: number };

/** The amounts a purchase may have to match: [least, most] in cents. */
export function receiptAmountRange(amountCents: Cents): [Cents, Cents] {
  const slack = Math.max(1, Math.round(amountCents * RECEIPT_AMOUNT_TOLERANCE));
  return [amountCents - slack, amountCents + slack];
}

/** The day `days` away from a YYYY-MM-DD day. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function dayDistance(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

/** The words of a name, lower-cased, without punctuation and the shop-type words every name has. */
function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 1 && !['the', 'inc', 'llc', 'co', 'ltd', 'store', 'shop'].includes(word));
}

function letterPairs(word: string): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < word.length - 1; i += 1) pairs.push(word.slice(i, i + 2));
  return pairs;
}

/**
 * How alike two payee names are, 0–1: the Dice coefficient of their letter pairs, which forgives
 * OCR's misread letter and a bank's cut-off name ('CORNER GROC' and 'Corner Grocery Co').
 */
export function payeeSimilarity(a: string, b: string): number {
  const left = nameWords(a).flatMap(letterPairs);
  const right = nameWords(b).flatMap(letterPairs);
  if (left.length === 0 || right.length === 0) return 0;
  const remaining = [...right];
  let shared = 0;
  for (const pair of left) {
    const at = remaining.indexOf(pair);
    if (at >= 0) {
      shared += 1;
      remaining.splice(at, 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

/** The recorded purchases the receipt may be, best first, at most RECEIPT_MATCH_LIMIT. */
export function rankReceiptMatches<P extends RecordedPurchase>(receipt: ReceiptFacts, purchases: readonly P[]): Array<ReceiptMatch<P>> {
  if (receipt.amountCents === null || receipt.days.length === 0) return [];
  const [least, most] = receiptAmountRange(receipt.amountCents);
  const total = receipt.amountCents;
  const nearestDay = (date: string) => Math.min(...receipt.days.map((day) => dayDistance(day, date)));
  const scored = purchases
    .filter((purchase) => purchase.amountCents >= least && purchase.amountCents <= most && nearestDay(purchase.date) <= RECEIPT_DAY_TOLERANCE)
    .map((purchase) => {
      const similarity = receipt.merchant === null ? 0 : payeeSimilarity(receipt.merchant, purchase.payee);
      const amountCloseness = 1 - Math.abs(purchase.amountCents - total) / Math.max(1, most - total);
      const dayCloseness = 1 - nearestDay(purchase.date) / (RECEIPT_DAY_TOLERANCE + 1);
      const match: ReceiptMatch<P> = { ...purchase, payeeSimilarity: Math.round(similarity * 100) / 100 };
      return { match, score: 2 * similarity + amountCloseness + dayCloseness };
    });
  scored.sort((a, b) => b.score - a.score || b.match.date.localeCompare(a.match.date) || a.match.transactionId - b.match.transactionId);
  return scored.slice(0, RECEIPT_MATCH_LIMIT).map(({ match }) => match);
}
