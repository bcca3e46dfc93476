import { describe, expect, it } from 'vitest';
import { coverageSentence } from './feeling-coverage';

describe('the feeling coverage line', () => {
  it("names the month and the share, and says nothing of a month without spending", () => {
    expect(coverageSentence({ month: 10, percent: 82 })).toBe("82% of October's spending has a feeling");
    expect(coverageSentence({ month: 2, percent: 0 })).toBe("0% of February's spending has a feeling");
    expect(coverageSentence({ month: 10, percent: null })).toBeNull();
  });
});
