import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureBytes } from './fixtures/read-fixture';
import { parseOfx } from './ofx';
import { parseStatementFile } from './statement';
import { declaredEncoding, decodeStatementBytes } from './statement-encoding';

describe('statement bytes → text', () => {
  it('reads a Windows-1252 CSV (not valid UTF-8) with its accents and the euro sign', () => {
    const decoded = decodeStatementBytes(fixtureBytes('windows-1252-cafe-metro.csv'));
    expect(decoded.encoding).toBe('windows-1252');
    expect(parseStatementFile(decoded.text).rows.map((row) => row.payee)).toEqual(['Café Métro €uro', 'Crêperie Élodie']);
  });

  it('honours a UTF-8 or UTF-16 byte-order mark', () => {
    for (const name of ['utf-8-bom-cafe-metro.csv', 'utf-16le-bom-cafe-metro.csv']) {
      const { text } = decodeStatementBytes(fixtureBytes(name));
      expect(text.startsWith('Date,')).toBe(true);
      expect(parseStatementFile(text).rows[0]?.payee).toBe('Café Métro €uro');
    }
  });

  it("honours an OFX header's CHARSET:1252", () => {
    const { text, encoding } = decodeStatementBytes(fixtureBytes('ofx-charset-1252-interac.ofx'));
    expect(encoding).toBe('windows-1252');
    expect(parseOfx(text)[0]).toMatchObject({ payee: 'Virement Interac à: Jean', memo: 'Dépôt réglé' });
  });

  it('reads the encoding an OFX header, a commented header or an XML declaration names', () => {
    expect(declaredEncoding('OFXHEADER:100\nENCODING:USASCII\nCHARSET:8859-1\n')).toBe('windows-1252');
    expect(declaredEncoding('OFXHEADER:100\nENCODING:UTF-8\nCHARSET:NONE\n')).toBe('utf-8');
    expect(declaredEncoding('OFXHEADER:100\nENCODING:USASCII\nCHARSET:NONE\n')).toBeNull();
    expect(declaredEncoding('<!-- \nOFXHEADER:100\nENCODING:USASCII\nCHARSET:1252\n-->\n<OFX>')).toBe('windows-1252');
    expect(declaredEncoding('<?xml version="1.0" encoding="ISO-8859-1"?><OFX>')).toBe('windows-1252');
    expect(declaredEncoding('<?xml version="1.0" encoding="utf-8"?>')).toBe('utf-8');
    expect(declaredEncoding('Date,Description,Amount')).toBeNull();
  });

  it('reads a file that declares 1252 but is written in UTF-8 as UTF-8', () => {
    const bytes = new TextEncoder().encode('OFXHEADER:100\nCHARSET:1252\n\n<OFX><NAME>Café</OFX>');
    expect(decodeStatementBytes(bytes)).toMatchObject({ encoding: 'utf-8', text: expect.stringContaining('Café') });
  });

  it('never invents U+FFFD, whatever the bytes (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const { text } = decodeStatementBytes(bytes.filter((b) => b !== 0xff && b !== 0xfe && b !== 0xef));
        expect(text).not.toContain('\uFFFD');
      }),
    );
  });

  it('gives back any UTF-8 text unchanged, and Latin-1 text written in Windows-1252 (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        const plain = text.replace(/^\uFEFF/, '');
        expect(decodeStatementBytes(new TextEncoder().encode(plain)).text).toBe(plain);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aeiouéèàçÉÀôüß ,;0123'), minLength: 1, maxLength: 60 }), (text) => {
        const bytes = Uint8Array.from([...text].map((c) => (c === '€' ? 0x80 : c.charCodeAt(0))));
        const hasAccent = [...bytes].some((b) => b >= 0x80);
        // Pure ASCII reads the same either way. These accents are all UTF-8 lead bytes, so they never
        // form valid UTF-8 ('É€' would: C9 80; the euro sign is covered by the CSV fixture).
        expect(decodeStatementBytes(bytes).text).toBe(text);
        if (hasAccent) expect(decodeStatementBytes(bytes).encoding).toBe('windows-1252');
      }),
    );
  });
});
