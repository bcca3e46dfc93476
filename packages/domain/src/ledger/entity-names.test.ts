import { describe, expect, it } from 'vitest';
import { SHORT_NAME_MAX, shortEntityName } from './entity-names';

describe('short entity names', () => {
  it('keeps short names as they are', () => {
    expect(shortEntityName('Safeway')).toBe('Safeway');
  });

  it('drops company suffixes and store numbers', () => {
    expect(shortEntityName('Pacific Power Co.')).toBe('Pacific Power');
    expect(shortEntityName('Acme Widgets, Inc.')).toBe('Acme Widgets');
    expect(shortEntityName('Target #1234')).toBe('Target');
    expect(shortEntityName('Fred Meyer LLC #77')).toBe('Fred Meyer');
  });

  it('cuts long names at a word boundary within the column width', () => {
    const short = shortEntityName('Northwest Natural Gas Company of the Pacific Coast');
    expect(short.length).toBeLessThanOrEqual(SHORT_NAME_MAX);
    expect(short).toBe('Northwest Natural Gas');
  });

  it('never returns an empty name', () => {
    expect(shortEntityName('Inc.')).toBe('Inc.');
  });
});
