import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { answerJson } from './answer-json';

const schema = z.object({ id: z.number(), amount: z.number() });

describe('answerJson (docs/DECISIONS.md #61)', () => {
  it('writes the value as it is in every environment when it has the schema shape', () => {
    for (const environment of ['production', 'development', 'test'] as const) {
      expect(answerJson(schema, { id: 1, amount: 2.5 }, environment)).toBe('{"id":1,"amount":2.5}');
    }
  });

  it('refuses, outside production, a value whose JSON the schema would change', () => {
    const extra = { id: 1, amount: 2.5, secret: 'x' } as z.output<typeof schema>;
    const reordered = { amount: 2.5, id: 1 };
    expect(() => answerJson(schema, extra, 'test')).toThrow(/differs from its response schema/);
    expect(() => answerJson(schema, reordered, 'development')).toThrow(/differs from its response schema/);
    expect(() => answerJson(schema, { id: 'one' } as unknown as z.output<typeof schema>, 'test')).toThrow();
    // Production trusts the presenter: it is what the API tests proved in the test environment.
    expect(answerJson(schema, extra, 'production')).toBe('{"id":1,"amount":2.5,"secret":"x"}');
  });
});
