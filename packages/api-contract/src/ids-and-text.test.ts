/**
 * The contract's id, integer and text helpers keep every value within what a column holds on both
 * databases: PostgreSQL `integer` columns stop at 2^31 - 1 and its text cannot hold NUL, while
 * SQLite stores anything. What they refuse gets the caller's sentence, not zod's default.
 */
import { describe, expect, it } from 'vitest';
import { idParams, optionalText, text } from './common';
import { MAX_ID, referenceId, referenceIdParam, storedInteger } from './ledger-common';

const UNKNOWN = 'The selected account does not exist.';

function messages(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string[] {
  return [...new Set(result.error?.issues.map((issue) => issue.message) ?? [])];
}

describe('MAX_ID', () => {
  it('is the largest value of a PostgreSQL integer column', () => {
    expect(MAX_ID).toBe(2_147_483_647);
  });
});

describe('referenceId', () => {
  const schema = referenceId(UNKNOWN);

  it.each([1, 42, MAX_ID])('accepts %d', (id) => {
    expect(schema.parse(id)).toBe(id);
  });

  it.each([MAX_ID + 1, 1e15, 2 ** 53, 1e300, 0, -1, -(2 ** 31)])('answers %d with the caller\'s sentence', (id) => {
    const result = schema.safeParse(id);
    expect(result.success).toBe(false);
    expect(messages(result)).toEqual([UNKNOWN]);
  });

  it('refuses a fraction, text and null', () => {
    for (const value of [1.5, '7', null]) expect(schema.safeParse(value).success, String(value)).toBe(false);
  });
});

describe('referenceIdParam', () => {
  const schema = referenceIdParam(UNKNOWN);

  it('reads an id written in a query string', () => {
    expect(schema.parse('2147483647')).toBe(MAX_ID);
    expect(schema.parse('12')).toBe(12);
  });

  it.each(['2147483648', '1000000000000000', '99999999999999999999999', '0', '-3', ''])(
    'answers %j with the caller\'s sentence',
    (value) => {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(messages(result)).toEqual([UNKNOWN]);
    },
  );

  it('refuses text that is no number at all, NUL included', () => {
    for (const value of ['abc', '\u0000', '7\u0000', '1.5']) expect(schema.safeParse(value).success, value).toBe(false);
  });

  it.each(['0x3e', '62e0', '62.0', '+62', ' 62', '62 ', '6_2', '９', '9'.repeat(400)])(
    'refuses %j, another spelling of a number, with the caller\'s sentence',
    (value) => {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(messages(result)).toEqual([UNKNOWN]);
    },
  );
});

describe('idParams', () => {
  it('accepts a path id up to MAX_ID, in decimal digits', () => {
    expect(idParams.parse({ id: '2147483647' })).toEqual({ id: MAX_ID });
    expect(idParams.parse({ id: '062' })).toEqual({ id: 62 });
  });

  it.each(['2147483648', '0', '-1', '1e30', '0x3e', '62e0', '62.0', '+62', ' 62', '\t62', 'abc', ''])('answers %j with one sentence naming the range', (id) => {
    const result = idParams.safeParse({ id });
    expect(result.success).toBe(false);
    expect(messages(result)).toEqual([`The id must be a whole number from 1 to ${MAX_ID}.`]);
  });
});

describe('storedInteger', () => {
  const RULE = 'Repeat every must be a whole number of at least 1.';
  const schema = storedInteger(RULE);

  it.each([-(2 ** 31), -1, 0, 1, MAX_ID])('accepts %d, which an integer column holds', (value) => {
    expect(schema.parse(value)).toBe(value);
  });

  it.each([2 ** 31, -(2 ** 31) - 1, 1e15, 1.5, Number.MAX_VALUE])('answers %d with the caller\'s sentence', (value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(messages(result)).toEqual([RULE]);
  });
});

describe('text and optionalText', () => {
  it('accept plain text up to the limit', () => {
    expect(text(5).parse('hello')).toBe('hello');
    expect(optionalText(5).parse(undefined)).toBeUndefined();
  });

  it('refuse NUL anywhere, which PostgreSQL cannot store', () => {
    for (const value of ['\u0000', 'a\u0000', '\u0000b', 'a\u0000b']) {
      expect(text().safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(optionalText().safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('refuse text over the limit', () => {
    expect(text(5).safeParse('toolong').success).toBe(false);
  });
});
