// Proves the web app's rule "a book's amounts go through lib/money.ts" (issue 27, eslint.config.js)
// fails when broken: a screen importing the domain's USD formatter is reported; the subscription
// card, billed in dollars, and tests may import it.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: repo });

/** The rule's messages for `source` linted as the file at `path`. */
async function formatterProblems(source: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${repo}${path}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const usdFormatters = [
  "import { formatMoney, formatWholeDollars, toCents } from '@mindspend/domain';",
  'export const shown = [formatMoney(toCents(1)), formatWholeDollars(100)];',
].join('\n');

const bookFormatter = [
  "import { toCents } from '@mindspend/domain';",
  "import { formatAmount } from '../../lib/money';",
  'export const shown = formatAmount(toCents(1));',
].join('\n');

// Each case starts ESLint with typescript-eslint's parser: seconds on a busy 2-core machine.
describe("a book's amounts only through lib/money.ts (npm run lint)", { timeout: 30_000 }, () => {
  it('fails on each USD formatter a screen imports', async () => {
    const problems = await formatterProblems(usdFormatters, 'apps/web/src/features/budgets/Figures.tsx');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('formatAmount / formatWholeAmount from lib/money.ts');
  });

  it('lets screens use the book formatter, and the subscription card and tests the USD one', async () => {
    expect(await formatterProblems(bookFormatter, 'apps/web/src/features/budgets/Figures.tsx')).toEqual([]);
    for (const path of ['apps/web/src/features/settings/SubscriptionCard.tsx', 'apps/web/src/features/budgets/Figures.test.tsx']) {
      expect(await formatterProblems(usdFormatters, path), path).toEqual([]);
    }
  });
});
