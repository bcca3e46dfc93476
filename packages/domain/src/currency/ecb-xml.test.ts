import { describe, expect, it } from 'vitest';
import { EcbFormatError, parseEcbRates } from './ecb-xml';

const envelope = (cubes: string) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
  <Cube>${cubes}</Cube>
</gesmes:Envelope>`;

describe('the ECB’s reference rates file', () => {
  it('reads the daily file', () => {
    const xml = envelope(`<Cube time='2026-11-26'><Cube currency='USD' rate='1.0823'/><Cube currency='JPY' rate='162.35'/></Cube>`);
    expect(parseEcbRates(xml)).toEqual({
      days: [{ date: '2026-11-26', figures: [{ currency: 'USD', perEur: '1.0823' }, { currency: 'JPY', perEur: '162.35' }] }],
      skipped: 0,
    });
  });

  it('reads the 90-day history, oldest day first, and a day of one currency', () => {
    const xml = envelope(`
      <Cube time="2026-11-26"><Cube currency="USD" rate="1.0823"/></Cube>
      <Cube time="2026-11-25"><Cube currency="USD" rate="1.0801"/><Cube currency="GBP" rate="0.86905"/></Cube>
      <Cube time="2026-11-24"><Cube currency="USD" rate="1.0799"/></Cube>`);
    const { days } = parseEcbRates(xml);
    expect(days.map((day) => day.date)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    expect(days[1]?.figures).toEqual([{ currency: 'USD', perEur: '1.0801' }, { currency: 'GBP', perEur: '0.86905' }]);
  });

  it('passes over figures it cannot trust, and counts them', () => {
    const xml = envelope(`
      <Cube time="2026-11-26">
        <Cube currency="usd" rate="1.0823"/><Cube currency="XYZ" rate="1"/><Cube currency="JPY" rate="-1"/>
        <Cube currency="GBP" rate="1e3"/><Cube currency="EUR" rate="1"/><Cube currency="CHF" rate="0.9312"/>
      </Cube>
      <Cube time="2026-02-30"><Cube currency="USD" rate="1.08"/></Cube>`);
    expect(parseEcbRates(xml)).toEqual({ days: [{ date: '2026-11-26', figures: [{ currency: 'CHF', perEur: '0.9312' }] }], skipped: 6 });
  });

  it('refuses what is not the ECB’s file', () => {
    expect(() => parseEcbRates('{"rates": {}}')).toThrow(EcbFormatError);
    expect(() => parseEcbRates('<html><body>Not found</body></html>')).toThrow(EcbFormatError);
    expect(parseEcbRates(envelope('')).days).toEqual([]);
  });
});
