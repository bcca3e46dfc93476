// One Vitest configuration for the monorepo, split into projects that `scripts/test.sh` runs as
// separate stages. Browser specs (apps/web/e2e) belong to Playwright and are never collected here.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Files that never hold Vitest tests, whatever project globs say. */
const alwaysExcluded = ['**/node_modules/**', '**/dist/**', 'apps/web/e2e/**'];

/** The web engineer's DOM setup (matchMedia/ResizeObserver stubs for Mantine), when it exists. */
const webSetupFiles = [
  'apps/web/src/test/setup.ts',
  'apps/web/src/test/setup.tsx',
  'apps/web/src/test-setup.ts',
  'apps/web/src/setupTests.ts',
  'apps/web/vitest.setup.ts',
].filter((file) => existsSync(file));

/** Web test files that mock a module (vi.mock), and so cannot share the module graph of the others. */
const isolatedWebTests = 'apps/web/src/**/*.isolated.test.{ts,tsx}';

/** API test files that mock a module, and so cannot share the module graph of the others. */
const isolatedApiTests = 'apps/server/src/**/*.isolated.api.test.ts';

/** The image build test (scripts/packaging/image.build.test.ts): minutes of `npm ci` and build. */
const packagingBuildTests = 'scripts/packaging/**/*.build.test.ts';

/** What every API test file shares, whichever project runs it. */
const apiTestSettings = {
  environment: 'node',
  include: ['apps/server/src/**/*.api.test.ts'],
  // Each API test file builds the app on a fresh database.
  pool: 'forks' as const,
  // SQLite: each file's apps are in-memory copies of one migrated image, so files run side by side
  // (one per core). PostgreSQL: one file at a time keeps the shared test database free of
  // cross-file interference, and that stage runs beside the others anyway (scripts/test.sh).
  fileParallelism: process.env.MINDSPEND_TEST_DB !== 'postgres',
  testTimeout: 30_000,
  // The race tests' beforeAll builds the server and starts two processes on a fresh database
  // (src/test/race/harness.ts): 30 s ran out for it on a slow machine beside the browser tests
  // (restore.api.test.ts on PostgreSQL, a clean-clone run). A hook that finishes sooner ends sooner.
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    setupFiles: ['./vitest.fast-check.ts'],
    // One worker per core. Vitest's default for a run is one fewer, which on a 2-core machine is a
    // single worker with the other core idle: the unit stage took 113 s instead of 79, the SQLite
    // API stage 229 s instead of 154 (docs/PERFORMANCE.md, "Every core for the Vitest stages").
    maxWorkers: availableParallelism(),
    // A project with no test files yet must not fail `npm test`.
    passWithNoTests: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // scripts/: tests of the repository's own checks, such as those `npm run lint` runs.
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...alwaysExcluded, '**/*.api.test.ts', packagingBuildTests],
          // Pure rules and scripts, no module mocked: one module graph per worker, not per file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [...alwaysExcluded, isolatedWebTests],
          setupFiles: ['./vitest.fast-check.ts', ...webSetupFiles],
          // Room for a findBy… that waits its whole 4 s (apps/web/src/test/setup.ts).
          testTimeout: 15_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // A file that replaces a module with vi.mock gets a module graph of its own: in the shared
          // graph the real module may already be loaded by a file before it, and the mock is then
          // silently not used (EmotionsDialog's tests failed so, depending on the files' order).
          name: 'web-isolated',
          environment: 'happy-dom',
          include: [isolatedWebTests],
          exclude: alwaysExcluded,
          setupFiles: ['./vitest.fast-check.ts', ...webSetupFiles],
          // Room for a findBy… that waits its whole 4 s (apps/web/src/test/setup.ts).
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          ...apiTestSettings,
          exclude: [...alwaysExcluded, isolatedApiTests],
          // The files share one module graph: importing the app once instead of once per file
          // halves the stage (import 107 s → 7 s on SQLite). A file that replaces a module with
          // vi.mock needs a graph of its own and is named *.isolated.api.test.ts.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-isolated',
          ...apiTestSettings,
          include: [isolatedApiTests],
          exclude: alwaysExcluded,
        },
      },
      {
        extends: true,
        test: {
          name: 'packaging',
          environment: 'node',
          include: [packagingBuildTests],
          exclude: alwaysExcluded,
          // beforeAll builds the image's stages: `npm ci`, then the build. scripts/test.sh runs it at
          // the lowest CPU priority beside every other stage, so it gets only the CPU they leave
          // idle: on a slow machine it waited past 20 minutes and finished once the browser tests
          // ended. The limit is there to stop a hung build, not to time one.
          hookTimeout: 45 * 60_000,
          // The server's start included (image.build.test.ts's startWithinMs).
          testTimeout: 180_000,
        },
      },
    ],
  },
});
