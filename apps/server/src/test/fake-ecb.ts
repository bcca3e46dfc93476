/**
 * A stand-in for the European Central Bank's reference rates files on 127.0.0.1 (DECISIONS.md #87):
 * `/daily.xml` serves the latest day, `/hist-90d.xml` every day it holds, in the ECB's own XML.
 * Tests change its days, or its answer, between fetches, and count what was asked.
 */
import { type FakeAnswer, type FakeServer, startFakeServer } from './fake-server';

/** One day of figures: units of each currency per euro, as the ECB writes them. */
export interface FakeEcbDay {
  date: string;
  rates: Record<string, string>;
}

export interface FakeEcb extends FakeServer {
  /** The days served, any order (the ECB lists the newest first). */
  days: FakeEcbDay[];
  /** The paths asked for, in order. */
  readonly requests: string[];
  /** An answer of the test's own instead of the file (an outage, a page that is not XML). */
  override: FakeAnswer | null;
}

/** The ECB's XML of `days`, newest first. */
export function ecbXml(days: readonly FakeEcbDay[]): string {
  const cubes = [...days]
    .sort((a, b) => (a.date < b.date ? 1 : -1))
    .map((day) => {
      const figures = Object.entries(day.rates).map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`);
      return `\t\t<Cube time='${day.date}'>\n${figures.join('\n')}\n\t\t</Cube>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${cubes.join('\n')}
\t</Cube>
</gesmes:Envelope>`;
}

export async function startFakeEcb(days: FakeEcbDay[] = []): Promise<FakeEcb> {
  const requests: string[] = [];
  const state: { days: FakeEcbDay[]; override: FakeAnswer | null } = { days, override: null };
  const server = await startFakeServer((request) => {
    requests.push(request.path);
    if (state.override) return state.override;
    const newest = [...state.days].sort((a, b) => (a.date < b.date ? 1 : -1)).slice(0, 1);
    if (request.path === '/daily.xml') return { status: 200, contentType: 'text/xml', body: ecbXml(newest) };
    if (request.path === '/hist-90d.xml') return { status: 200, contentType: 'text/xml', body: ecbXml(state.days) };
    return { status: 404, contentType: 'text/html', body: '<html><body>Not found</body></html>' };
  });
  return {
    url: server.url,
    close: () => server.close(),
    requests,
    get days() {
      return state.days;
    },
    set days(value) {
      state.days = value;
    },
    get override() {
      return state.override;
    },
    set override(value) {
      state.override = value;
    },
  };
}
