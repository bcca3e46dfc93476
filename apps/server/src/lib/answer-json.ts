/**
 * JSON of a heavy answer that a presenter built in its response schema's exact shape.
 *
 * In production the value is written as it is: parsing every row through the zod schema on the
 * way out cost more than writing the JSON (docs/DECISIONS.md #61). In development and tests the
 * schema still parses it, and the two texts must be identical, so any drift between a presenter
 * and its schema (a missing, extra or misspelled field, another key order) fails every API test
 * of the route instead of reaching a client.
 */
import type { z } from 'zod';

export type AnswerChecking = 'production' | 'development' | 'test';

export function answerJson<Schema extends z.ZodType>(
  schema: Schema,
  value: z.output<Schema>,
  environment: AnswerChecking,
): string {
  const json = JSON.stringify(value);
  if (environment === 'production') return json;
  const checked = JSON.stringify(schema.parse(value));
  if (checked !== json) {
    let at = 0;
    while (json[at] === checked[at]) at += 1;
    const from = Math.max(0, at - 200);
    throw new Error(
      `An answer differs from its response schema at character ${at}:\n  built:  …${json.slice(from, at + 300)}\n  schema: …${checked.slice(from, at + 300)}`,
    );
  }
  return json;
}
