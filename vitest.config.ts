// One Vitest configuration for the monorepo, split into projects that `scripts/test.sh` runs as
// separate stages. Browser specs (apps/web/e2e) belong to Playwright and are never collected here.
import { existsSync } from 'node:fs';
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

/** API test files that mock a module, and so cannot share the module graph of the others. */
const isolatedApiTests = 'apps/server/src/**/*.isolated.api.test.ts';

/** What every API test file shares, whichever project runs it. */
const apiTestSettings = {
  environment: 'node',
  include: ['apps/server/src/**/*.api.test.ts'],
  // Each API test file builds the app on a fresh database; one file at a time keeps the
  // shared PostgreSQL test database free of cross-file interference.
  pool: 'forks' as const,
  fileParallelism: false,
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    setupFiles: ['./vitest.fast-check.ts'],
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
          exclude: [...alwaysExcluded, '**/*.api.test.ts'],
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
          exclude: alwaysExcluded,
          setupFiles: ['./vitest.fast-check.ts', ...webSetupFiles],
          isolate: false,
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
    ],
  },
});
