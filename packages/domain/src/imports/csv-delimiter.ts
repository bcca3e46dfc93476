/** Which character separates a CSV's fields: the person's mapping may say, else detectDelimiter guesses. */
export const MAPPING_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof MAPPING_DELIMITERS)[number];

/** How many leading lines are looked at to tell the delimiter: the header and many rows after it. */
const SAMPLE_LINES = 100;

/**
 * A decimal comma between digits ('-12,50;' or '-12,50' at the line's end) separates no fields: in
 * a ';' file every amount has one, and counting them made such files look comma-delimited.
 */
const DECIMAL_COMMA = /(?<=\d),(?=\d{1,2}(?:[^\d,]|$))/g;

/** Quoted text, whose delimiters are the field's own ('"A; B"'). */
const QUOTED = /"[^"]*"/g;

/** How often a delimiter splits one line, outside quotes (and decimal commas for ','). */
function occurrences(line: string, delimiter: CsvDelimiter): number {
  let text = line.replace(QUOTED, '');
  if (delimiter === ',') text = text.replace(DECIMAL_COMMA, '');
  return text.split(delimiter).length - 1;
}

/**
 * How well a delimiter fits the sampled lines, highest best:
 * - first, how many lines it splits at all: the header and nearly every row of a real delimiter
 *   hold it, while a comma in a description or a ';' in a memo shows up on some lines only;
 * - then how many lines hold at least as many fields as most lines do: rows with extra trailing
 *   fields (a ragged ';' export) still count as agreeing, rows cut short do not;
 * - then the width that most lines have, so that the delimiter making more columns wins a tie.
 */
function fit(lines: readonly string[], delimiter: CsvDelimiter): [number, number, number] {
  const counts = lines.map((line) => occurrences(line, delimiter)).filter((count) => count > 0);
  if (counts.length === 0) return [0, 0, 0];
  const common = mostCommon(counts);
  return [counts.length, counts.filter((count) => count >= common).length, common];
}

/**
 * The delimiter of a CSV, of ',', ';', tab and '|': the one that splits the most of the first lines
 * and splits them most consistently (see fit). ',' when nothing splits them.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, SAMPLE_LINES).filter((line) => line.trim() !== '');
  let best: { delimiter: CsvDelimiter; fit: [number, number, number] } = { delimiter: ',', fit: [0, 0, 0] };
  for (const delimiter of MAPPING_DELIMITERS) {
    const candidate = fit(lines, delimiter);
    if (isBetter(candidate, best.fit)) best = { delimiter, fit: candidate };
  }
  return best.delimiter;
}

/** Compares two fits criterion by criterion; a tie keeps the earlier delimiter (',' first). */
function isBetter(candidate: readonly number[], current: readonly number[]): boolean {
  for (let index = 0; index < candidate.length; index += 1) {
    const difference = (candidate[index] as number) - (current[index] as number);
    if (difference !== 0) return difference > 0;
  }
  return false;
}

function mostCommon(values: readonly number[]): number {
  const tally = new Map<number, number>();
  for (const value of values) tally.set(value, (tally.get(value) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [value, count] of tally) if (count > bestCount || (count === bestCount && value > best)) [best, bestCount] = [value, count];
  return best;
}
