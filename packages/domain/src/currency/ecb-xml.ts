/**
 * The European Central Bank's reference rates file (DECISIONS.md #87), read with fast-xml-parser as
 * the CAMT statements are: a `gesmes:Envelope` holding `Cube` / `Cube time="YYYY-MM-DD"` / `Cube
 * currency="USD" rate="1.0823"`, how many units of the currency one euro bought that day. The
 * daily file has one day, the 90-day and full history files many; all read alike. Figures that
 * are not a known ISO 4217 code with a plain positive decimal are passed over and counted.
 */
import { XMLParser } from 'fast-xml-parser';
import { type CurrencyCode, isCurrencyCode } from './currency-code';
import { scaledRate } from './rate-text';

/** One currency's figure of one day: units of it per euro, as the ECB wrote it. */
export interface EcbFigure {
  currency: CurrencyCode;
  perEur: string;
}

export interface EcbDay {
  /** `YYYY-MM-DD`. */
  date: string;
  figures: EcbFigure[];
}

export interface EcbRates {
  /** Oldest day first. */
  days: EcbDay[];
  /** Figures or days passed over: an unknown code, a rate or date that is not one. */
  skipped: number;
}

/** The file is not the ECB's reference rates XML at all. */
export class EcbFormatError extends Error {
  override readonly name = 'EcbFormatError';
}

type Node = { [name: string]: Node | Node[] | string | undefined };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // The format needs no entities; leaving them unexpanded keeps a hostile file small in memory.
  processEntities: false,
  isArray: (name) => name === 'Cube',
});

const children = (node: Node | undefined, name: string): Node[] => {
  const value = node?.[name];
  if (value === undefined || typeof value === 'string') return [];
  // An empty element is read as text: it has no children.
  return (Array.isArray(value) ? value : [value]).filter((child): child is Node => typeof child === 'object');
};

const attribute = (node: Node, name: string): string | undefined => {
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value.trim() : undefined;
};

/** True for a real calendar day written YYYY-MM-DD. */
function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isPositiveDecimal = (text: string): boolean => (scaledRate(text)?.digits ?? 0n) > 0n;

/** The days and figures of an ECB reference rates file; throws EcbFormatError when it is not one. */
export function parseEcbRates(xml: string): EcbRates {
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch (error) {
    throw new EcbFormatError(`The reference rates file is not XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const envelope = children(document, 'Envelope')[0];
  if (envelope?.Cube === undefined) throw new EcbFormatError('The reference rates file has no gesmes:Envelope with a Cube of days.');
  const outer = children(envelope, 'Cube')[0];
  const days: EcbDay[] = [];
  let skipped = 0;
  for (const dayNode of children(outer, 'Cube')) {
    const date = attribute(dayNode, 'time') ?? '';
    const entries = children(dayNode, 'Cube');
    if (!isDay(date)) {
      skipped += Math.max(1, entries.length);
      continue;
    }
    const figures: EcbFigure[] = [];
    for (const entry of entries) {
      const currency = attribute(entry, 'currency') ?? '';
      const perEur = attribute(entry, 'rate') ?? '';
      // The euro's own figure would be 1; a file that lists it anyway is not trusted for it.
      if (isCurrencyCode(currency) && currency !== 'EUR' && isPositiveDecimal(perEur)) figures.push({ currency, perEur });
      else skipped += 1;
    }
    if (figures.length > 0) days.push({ date, figures });
  }
  days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { days, skipped };
}
