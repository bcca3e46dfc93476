// Proves the web app's rule "API paths are spelled once, in the route table" (issue 26,
// eslint.config.js) fails when broken: an API URL written out, or a request sent around the
// client, is reported in a screen's code; the client itself and tests may do both.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: repo });
const RULE_MESSAGE = 'API paths are spelled once, in the route table';

/** The rule's messages for `source` linted as the file at `path`. */
async function apiPathProblems(source: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${repo}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax' && message.message.startsWith(RULE_MESSAGE))
    .map((message) => message.message);
}

const pathsSpelledAgain = [
  'declare const requestApi: (url: string) => Promise<unknown>;',
  'declare const downloadFile: (url: string, name: string) => Promise<string>;',
  'export const fetchGoals = () => requestApi(`/api/goals`);',
  'export const fetchGoal = (id: number) => fetch(`/api/goals/${id}`);',
  "export const backup = () => downloadFile('/api/export/backup.json', 'backup.json');",
  "export const DOCS = '/api';",
  'export const stream = () => new EventSource(`/api/events?x=1`);',
].join('\n');

const byName = [
  "import { callApi, routeUrl } from '../../lib/api-routes';",
  "export const fetchGoals = () => callApi('listGoals');",
  "export const ssoHref = () => routeUrl('startOidcSignIn', { query: { timezone: 1 } });",
  // React Router paths share words with API paths; they are the app's own pages.
  "export const budgetsPage = (month: number) => `/budgets/month/${month}/year/2026`;",
  "export const apiary = '/apiary';",
].join('\n');

// Each case starts ESLint with typescript-eslint's parser: seconds on a busy 2-core machine.
describe('API paths only in the web client (npm run lint)', { timeout: 30_000 }, () => {
  it('fails on every API URL and request written in a screen’s code, each place reported', async () => {
    const problems = await apiPathProblems(pathsSpelledAgain, 'apps/web/src/features/goals/api.ts');
    // The three calls around the client, their three URLs, the bare '/api', and the EventSource with its URL.
    expect(problems).toHaveLength(9);
    expect(await apiPathProblems('export const link = <a href="/api/docs">API</a>;', 'apps/web/src/features/settings/Docs.tsx')).toHaveLength(1);
  });

  it('lets screens call by name and link to their own pages', async () => {
    expect(await apiPathProblems(byName, 'apps/web/src/features/goals/api.ts')).toEqual([]);
  });

  it('lets the client build and send URLs, and tests mock them', async () => {
    for (const path of ['apps/web/src/lib/api-client.ts', 'apps/web/src/lib/api-routes.ts', 'apps/web/src/features/goals/GoalsPage.test.tsx']) {
      expect(await apiPathProblems(pathsSpelledAgain, path), path).toEqual([]);
    }
  });
});
