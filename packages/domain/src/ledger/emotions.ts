/** The emotion breakdown of the ledger's summary panel (DECISIONS.md #6). */
import { FEELINGS } from '../enums';
import { wholePercentages } from './percentages';
import type { Feeling } from './transactions';

export interface EmotionShare {
  feeling: Feeling;
  label: string;
  count: number;
  percent: number;
}

/** Count and whole-number percent of each feeling among the tagged transactions given. */
export function emotionBreakdown(feelings: ReadonlyArray<Feeling | null | undefined>): EmotionShare[] {
  const counts = FEELINGS.map(({ value }) => feelings.filter((feeling) => feeling === value).length);
  const percents = wholePercentages(counts);
  return FEELINGS.map(({ value, label }, index) => ({
    feeling: value,
    label,
    count: counts[index] ?? 0,
    percent: percents[index] ?? 0,
  }));
}
