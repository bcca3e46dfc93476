// Proves the repository's own ESLint rules fail when broken: each case lints a few lines with
// the repository's eslint.config.js under a path where the rule applies, and under one where it
// does not. A rule whose selector or file pattern silently stopped matching would pass every
// real run; this catches it.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: repo });

/** The messages of the repository's own restrictions for `source` linted as the file at `path`. */
async function restrictions(source: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${repo}${path}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

const queryInAService = [
  "import { sql, type Kysely } from 'kysely';",
  'export async function activeNames(db: Kysely<Record<string, { name: string }>>) {',
  "  const rows = await db.selectFrom('entities').select('name').execute();",
  '  await sql`update books set data_revision = data_revision + 1`.execute(db);',
  "  await db.deleteFrom('entities').execute();",
  '  return rows.map((row) => sql.lit(row.name));',
  '}',
].join('\n');

// Each case starts ESLint with typescript-eslint's parser: seconds on a busy 2-core machine.
describe('SQL only in repos and db/ (npm run lint)', { timeout: 30_000 }, () => {
  it('fails on every query built in a service, each place reported', async () => {
    const messages = await restrictions(queryInAService, 'apps/server/src/modules/entities/entities.service.ts');
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain('*.repo.ts');
  });

  it('lets repos, db/ and tests build queries', async () => {
    for (const path of [
      'apps/server/src/modules/entities/entities.repo.ts',
      'apps/server/src/db/feelings.ts',
      'apps/server/src/modules/entities/entities.api.test.ts',
      'apps/server/src/test/fixtures.ts',
    ]) {
      expect(await restrictions(queryInAService, path), path).toEqual([]);
    }
  });

  it('leaves code outside the server alone', async () => {
    const arrays = "export const next = (list: number[]) => list.with(0, 1);\n";
    expect(await restrictions(arrays, 'apps/server/src/modules/entities/entities.service.ts')).toEqual([]);
    expect(await restrictions(queryInAService, 'scripts/bench/seed.ts')).toEqual([]);
  });
});

const routeWithItsOwnPath = [
  "import type { FastifyInstance } from 'fastify';",
  'export default async function goalsRoutes(app: FastifyInstance) {',
  "  app.get('/goals', async () => []);",
  "  app.route({ method: 'POST', url: '/goals', handler: async () => ({}) });",
  "  app.get(apiPath('listGoals'), async () => []);",
  '}',
].join('\n');

describe('routes named in the route table (npm run lint)', { timeout: 30_000 }, () => {
  it('fails on a route registered with a path of its own, shorthand or route()', async () => {
    const messages = await restrictions(routeWithItsOwnPath, 'apps/server/src/modules/goals/goals.routes.ts');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain('apiPath');
  });

  it('leaves maps, tests and the web alone', async () => {
    const lookups = "const byPath = new Map<string, number>();\nexport const found = byPath.get('goals');\n";
    expect(await restrictions(lookups, 'apps/server/src/modules/goals/goals.service.ts')).toEqual([]);
    expect(await restrictions(routeWithItsOwnPath, 'apps/server/src/modules/goals/goals.api.test.ts')).toEqual([]);
  });
});
