import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

describe('nestsDeeperThan', () => {
  it('takes a body exactly at the limit and refuses one level more, arrays or objects', () => {
    expect(nestsDeeperThan(arrays(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(arrays(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(objects(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(objects(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });

  it('reads a body far deeper than the stack would take without failing', () => {
    expect(nestsDeeperThan(arrays(1_000_000), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(objects(100_000), MAX_JSON_DEPTH)).toBe(true);
  });

  it('counts levels, not brackets: siblings at one level stay one level', () => {
    expect(nestsDeeperThan(`[${Array.from({ length: 1000 }, () => '{"x":[1]}').join(',')}]`, 3)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes and backslashes included', () => {
    const text = JSON.stringify({ note: '[[[[{{{{', quoted: 'say "[[[[" \\', tail: '\\"[[[[' });
    expect(nestsDeeperThan(text, 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify([['"[', '\\']]), 2)).toBe(false);
  });

  it('answers for text that is not JSON without throwing', () => {
    expect(nestsDeeperThan('"unclosed [[[[', 1)).toBe(false);
    expect(nestsDeeperThan(']]]][[', 1)).toBe(false);
    expect(nestsDeeperThan('', 1)).toBe(false);
  });
});
