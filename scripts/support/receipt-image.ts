/**
 * Receipts of our own making, rendered to photos (issue 33): printed lines as SVG text, drawn by
 * sharp onto paper-coloured ground, turned a little and sprinkled with noise, as a phone would
 * see a receipt on a table. The receipt API tests, the accuracy test and the bench read these.
 */
import sharp from 'sharp';

export interface SampleReceipt {
  /** What a test expects read: the total in cents, the day, the merchant. */
  expected: { amountCents: number; date: string; merchant: string };
  lines: string[];
}

export interface PhotoOptions {
  /** Degrees, clockwise; a hand-held photo is a degree or two off. */
  rotation?: number;
  /** Peak noise added to each pixel, 0–255. */
  noise?: number;
  /** The noise's seed: the same photo every run. */
  seed?: number;
  format?: 'png' | 'jpeg';
}

const PAPER = '#f3efe6';
const LINE_HEIGHT = 34;
const WIDTH = 640;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The receipt's lines as an SVG page in a monospaced face, as till printers print. */
export function receiptSvg(lines: readonly string[]): string {
  const height = lines.length * LINE_HEIGHT + 80;
  const text = lines
    .map((line, i) => `<text x="40" y="${60 + i * LINE_HEIGHT}" font-family="DejaVu Sans Mono, monospace" font-size="24" fill="#1d1d1d" xml:space="preserve">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}"><rect width="100%" height="100%" fill="${PAPER}"/>${text}</svg>`;
}

/** A photo of the receipt: rendered, turned, with deterministic noise. */
export async function receiptPhoto(lines: readonly string[], options: PhotoOptions = {}): Promise<Buffer> {
  const { rotation = 1.5, noise = 60, seed = 7, format = 'png' } = options;
  const turned = await sharp(Buffer.from(receiptSvg(lines))).rotate(rotation, { background: PAPER }).raw().toBuffer({ resolveWithObject: true });
  const { data, info } = turned;
  let state = seed;
  for (let i = 0; i < data.length; i += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const shift = (state / 0x7fffffff - 0.5) * noise;
    data[i] = Math.max(0, Math.min(255, Math.round((data[i] ?? 0) + shift)));
  }
  const photo = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return format === 'jpeg' ? photo.jpeg({ quality: 85 }).toBuffer() : photo.png().toBuffer();
}

/** Five receipts of different shops and layouts: the accuracy test reads all five. */
export const SAMPLE_RECEIPTS: readonly SampleReceipt[] = [
  {
    expected: { amountCents: 1159, date: '2026-03-14', merchant: 'Corner Grocery Co' },
    lines: ['CORNER GROCERY CO', '123 Main Street', 'Springfield', 'Date: 03/14/2026  10:42', 'Milk 2%            3.49', 'Bread              2.99', 'Apples             4.25', 'SUBTOTAL          10.73', 'TAX                0.86', 'TOTAL             11.59', 'CASH              20.00', 'CHANGE             8.41', 'THANK YOU'],
  },
  {
    expected: { amountCents: 4785, date: '2026-11-02', merchant: 'Harbor Hardware' },
    lines: ['HARBOR HARDWARE', '45 Elm Ave, Portland', 'Tel (503) 555-0142', '2026-11-02  16:05', 'Wood screws        6.99', 'Paint brush       12.50', 'Drop cloth        24.99', 'SUBTOTAL          44.48', 'SALES TAX          3.37', 'AMOUNT DUE        47.85', 'VISA ****1234     47.85'],
  },
  {
    expected: { amountCents: 2268, date: '2026-07-21', merchant: 'Blue Door Cafe' },
    lines: ['BLUE DOOR CAFE', '8 Harbour Road', 'Table 4   Server: Ana', '21 Jul 2026  13:10', 'Soup of the day    7.50', 'Club sandwich     11.25', 'Iced tea           2.95', 'SUBTOTAL          21.70', 'TAX                0.98', 'BALANCE DUE       22.68', 'Thank you, come again'],
  },
  {
    expected: { amountCents: 6340, date: '2026-05-18', merchant: 'Green Valley Pharmacy' },
    lines: ['GREEN VALLEY PHARMACY', '900 Oak Blvd', 'May 18, 2026', 'Vitamin D          9.99', 'Allergy relief    18.49', 'Bandages           5.29', 'Shampoo           25.00', 'SUBTOTAL          58.77', 'TAX                4.63', 'TOTAL             63.40', 'DEBIT             63.40'],
  },
  {
    expected: { amountCents: 3912, date: '2026-09-30', merchant: 'Sunrise Fuel' },
    lines: ['SUNRISE FUEL', 'Station 112', '30/09/2026 07:55', 'Pump 3 Unleaded', '10.250 GAL @ 3.579', 'FUEL              36.68', 'Coffee             2.44', 'TOTAL             39.12', 'CREDIT            39.12', 'Have a safe trip'],
  },
];
