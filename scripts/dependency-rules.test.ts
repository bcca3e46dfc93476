// Proves the dependency check of `npm run lint` fails when a rule is broken: it runs the same
// dependency-cruiser commands with the repository's own configs on two tiny trees laid out like
// the monorepo, one breaking every rule once and one that keeps them all. A rule that silently
// stopped matching (a renamed folder, a regex typo) would pass every real run; this catches it.
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cruiser = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const productionConfig = join(repo, '.dependency-cruiser.mjs');
const withTestsConfig = join(repo, '.dependency-cruiser-with-tests.mjs');

/** Relative path → source, written under a fresh directory. */
type Tree = Record<string, string>;

/** One `error <rule>: <from> → …` line of the err reporter. */
interface Violation {
  rule: string;
  from: string;
}

interface CruiseRun {
  exitCode: number;
  violations: Violation[];
  output: string;
}

/**
 * One run of the dependency-cruiser CLI in `cwd` with the reporter `npm run lint:deps` uses: its
 * exit code (the number of errors) is what fails the lint; the JSON reporter always exits 0.
 */
function cruise(cwd: string, config: string, paths: string[]): Promise<CruiseRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cruiser, ...paths, '--config', config, '--output-type', 'err'],
      { cwd, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        // A non-zero exit is the outcome under test, not a failure of the run itself.
        const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        const violations = [...stdout.matchAll(/^\s*error ([\w-]+): (\S+)/gm)].map(
          ([, rule = '', from = '']) => ({
            rule,
            from,
          }),
        );
        resolve({ exitCode, violations, output: stdout + stderr });
      },
    );
  });
}

async function writeTree(root: string, tree: Tree): Promise<void> {
  for (const [path, source] of Object.entries(tree)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), source);
  }
}

/** The monorepo's shape, every dependency in the allowed direction. */
const cleanTree: Tree = {
  'packages/domain/src/index.ts': 'export const cents = 1;\n',
  'packages/api-contract/src/index.ts':
    "import { cents } from '../../domain/src/index';\nexport const schema = cents;\n",
  'apps/server/src/app.ts':
    "import { schema } from '../../../packages/api-contract/src/index';\n" +
    "import { signIn } from './modules/auth/auth.service';\n" +
    "import { cachedReply } from './plugins/cached-reply';\n" +
    'export const app = [schema, signIn, cachedReply];\n',
  'apps/server/src/lib/clock.ts': 'export const now = 0;\n',
  'apps/server/src/db/schema.ts': "import { now } from '../lib/clock';\nexport const table = now;\n",
  'apps/server/src/plugins/cached-reply.ts':
    "import { now } from '../lib/clock';\nexport const cachedReply = now;\n",
  'apps/server/src/modules/users/users.repo.ts':
    "import { table } from '../../db/schema';\nexport const findUser = table;\n",
  'apps/server/src/modules/users/index.ts': "export { findUser } from './users.repo';\n",
  'apps/server/src/modules/auth/index.ts': "export { signIn } from './auth.service';\n",
  'apps/server/src/modules/auth/auth.service.ts':
    "import { findUser } from '../users';\nexport const signIn = findUser;\n",
  'apps/server/src/modules/auth/auth.api.test.ts':
    "import { app } from '../../app';\nexport const tested = app;\n",
  'apps/web/src/main.ts':
    "import { cents } from '../../../packages/domain/src/index';\n" +
    "import { LedgerPage } from './features/ledger/LedgerPage';\n" +
    'export const main = [cents, LedgerPage];\n',
  'apps/web/src/shared/ledger-shell/ledger-paths.ts': "export const ledgerPath = '/ledger';\n",
  'apps/web/src/features/accounts/api.ts':
    "import { ledgerPath } from '../../shared/ledger-shell/ledger-paths';\nexport const accounts = ledgerPath;\n",
  'apps/web/src/features/ledger/LedgerPage.ts':
    "import { accounts } from '../accounts/api';\n" +
    "import { ledgerPath } from '../../shared/ledger-shell/ledger-paths';\n" +
    'export const LedgerPage = [accounts, ledgerPath];\n',
  // The bench through the server's entry points; tests and the bench share scripts/support/.
  'scripts/support/server-process.ts': 'export const startServer = 0;\n',
  'scripts/bench.ts':
    "import { benchLedger } from './bench/load/ledger-load';\nexport const bench = benchLedger;\n",
  'scripts/bench/load/ledger-load.ts':
    "import { app } from '../../../apps/server/src/app';\n" +
    "import { table } from '../../../apps/server/src/db/schema';\n" +
    "import { findUser } from '../../../apps/server/src/modules/users';\n" +
    "import { startServer } from '../../support/server-process';\n" +
    'export const benchLedger = [app, table, findUser, startServer];\n',
  'apps/server/src/test/race/harness.ts':
    "import { startServer } from '../../../../../scripts/support/server-process';\nexport const harness = startServer;\n",
};

/** Every rule broken once, each by a file of its own. */
const brokenTree: Tree = {
  ...cleanTree,
  // web-not-to-server
  'apps/web/src/features/ledger/server-call.ts':
    "import { app } from '../../../../server/src/app';\nexport const call = app;\n",
  // server-not-to-web
  'apps/server/src/plugins/spa.ts':
    "import { main } from '../../../web/src/main';\nexport const spa = main;\n",
  // domain-is-pure
  'packages/domain/src/wire.ts':
    "import { schema } from '../../api-contract/src/index';\nexport const wire = schema;\n",
  // contract-not-to-apps
  'packages/api-contract/src/server-types.ts':
    "import { app } from '../../../apps/server/src/app';\nexport const serverTypes = app;\n",
  // server-modules-one-way: users → auth while auth → users (no file-level cycle)
  'apps/server/src/modules/users/users.service.ts':
    "import { signIn } from '../auth';\nexport const deleteUser = signIn;\n",
  // server-modules-through-their-door: past the users module's index.ts, straight to its repo
  'apps/server/src/modules/auth/auth.routes.ts':
    "import { findUser } from '../users/users.repo';\nexport const routes = findUser;\n",
  // server-lib-not-to-modules-or-plugins
  'apps/server/src/lib/reply.ts':
    "import { cachedReply } from '../plugins/cached-reply';\nexport const reply = cachedReply;\n",
  // server-db-not-to-modules
  'apps/server/src/db/user-rows.ts':
    "import { findUser } from '../modules/users/users.repo';\nexport const rows = findUser;\n",
  // web-features-one-way: accounts → ledger while ledger → accounts (no file-level cycle)
  'apps/web/src/features/accounts/AccountModal.ts':
    "import { LedgerPage } from '../ledger/LedgerPage';\nexport const AccountModal = LedgerPage;\n",
  // web-shared-not-to-features
  'apps/web/src/shared/ledger-shell/LedgerModal.ts':
    "import { accounts } from '../../features/accounts/api';\nexport const LedgerModal = accounts;\n",
  // no-circular
  'apps/web/src/lib/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'apps/web/src/lib/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  // not-to-unresolvable
  'apps/web/src/lib/missing.ts': "import { gone } from './no-such-file';\nexport const missing = gone;\n",
  // web-not-to-server from a test file: only the with-tests run sees it
  'apps/web/src/lib/server.test.ts':
    "import { app } from '../../../server/src/app';\nexport const tested = app;\n",
  // bench-only-from-bench: a race test taking a helper from the bench instead of scripts/support/
  'apps/server/src/test/race/csv-import.api.test.ts':
    "import { benchLedger } from '../../../../../scripts/bench/load/ledger-load';\nexport const tested = benchLedger;\n",
  // bench-through-server-entry-points: past the users module's index.ts, straight to its repo
  'scripts/bench/answers/user-lookup.ts':
    "import { findUser } from '../../../apps/server/src/modules/users/users.repo';\nexport const lookup = findUser;\n",
};

const allRules = [
  'contract-not-to-apps',
  'domain-is-pure',
  'no-circular',
  'not-to-unresolvable',
  'server-db-not-to-modules',
  'server-lib-not-to-modules-or-plugins',
  'server-modules-one-way',
  'server-modules-through-their-door',
  'server-not-to-web',
  'web-features-one-way',
  'web-not-to-server',
  'web-shared-not-to-features',
];

/** The bench's fence, in the with-tests config only: the production run leaves scripts/ out. */
const benchRules = ['bench-only-from-bench', 'bench-through-server-entry-points'];

const ruleNames = (run: CruiseRun): string[] =>
  [...new Set(run.violations.map((violation) => violation.rule))].sort();

// Each case starts dependency-cruiser, TypeScript's parser included: seconds on a busy 2-core machine.
describe('dependency rules (npm run lint)', { timeout: 30_000 }, () => {
  let root = '';
  let clean = '';
  let broken = '';

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'mindspend-depcruise-'));
    clean = join(root, 'clean');
    broken = join(root, 'broken');
    await writeTree(clean, cleanTree);
    await writeTree(broken, brokenTree);
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('passes a tree whose dependencies all go the allowed way', async () => {
    const [production, withTests] = await Promise.all([
      cruise(clean, productionConfig, ['apps', 'packages']),
      cruise(clean, withTestsConfig, ['apps', 'packages', 'scripts']),
    ]);
    expect(production.output).toContain('no dependency violations found');
    expect(production.exitCode).toBe(0);
    expect(withTests.output).toContain('no dependency violations found');
    expect(withTests.exitCode).toBe(0);
  });

  it('fails on every rule broken, each reported by name', async () => {
    const run = await cruise(broken, productionConfig, ['apps', 'packages']);
    expect(ruleNames(run)).toEqual(allRules);
    expect(run.exitCode).not.toBe(0);
  });

  it('checks test files and scripts too, except for the folder rules and the door rule', async () => {
    const run = await cruise(broken, withTestsConfig, ['apps', 'packages', 'scripts']);
    const forProductionOnly = [
      'server-modules-one-way',
      'web-features-one-way',
      'server-modules-through-their-door',
    ];
    expect(ruleNames(run)).toEqual(
      [...allRules.filter((rule) => !forProductionOnly.includes(rule)), ...benchRules].sort(),
    );
    expect(run.violations).toContainEqual({
      rule: 'web-not-to-server',
      from: 'apps/web/src/lib/server.test.ts',
    });
    expect(run.violations).toContainEqual({
      rule: 'bench-only-from-bench',
      from: 'apps/server/src/test/race/csv-import.api.test.ts',
    });
    expect(run.violations).toContainEqual({
      rule: 'bench-through-server-entry-points',
      from: 'scripts/bench/answers/user-lookup.ts',
    });
    expect(run.exitCode).not.toBe(0);
  });
});
