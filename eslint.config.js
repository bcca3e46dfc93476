// ESLint flat config for the whole monorepo.
// typescript-eslint "recommended" (not the type-checked preset) keeps `npm run lint`
// fast enough to run on every `npm test`; `npm run typecheck` covers the type rules.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Kysely's entry points of a query: a call of one of these builds SQL. */
const QUERY_BUILDERS = ['selectFrom', 'selectNoFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto'];
/** Fastify's shorthand registrations: a call of one of these with a path registers a route. */
const ROUTE_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all'];

/** The web app's API client: the only files that build API URLs and send requests (issue 26). */
const WEB_API_CLIENT = ['apps/web/src/lib/api-client.ts', 'apps/web/src/lib/api-routes.ts', 'apps/web/src/lib/upload.ts'];
/** A string that is an API URL: `/api`, `/api/…` or `/api?…`. */
const API_PATH = String.raw`/^\/api(\/|\?|$)/`;
const WEB_API_MESSAGE = 'API paths are spelled once, in the route table: call the API by name (lib/api-routes.ts callApi, routeUrl).';

export default defineConfig(
  {
    // Generated output, local data and test artefacts are never linted.
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/e2e-screenshots/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      // `_`-prefixed names mark deliberately unused parameters and destructured rest siblings.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // The SPA runs in the browser; its hooks follow the Rules of Hooks.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    // SQL lives in repos (`*.repo.ts`) and in db/ (ARCHITECTURE.md): a service reads as the
    // workflow it is, and every query a module runs is in one place to review for its book scope.
    // Tests and their fixtures build rows directly. scripts/lint-rules.test.ts breaks this on purpose.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repo.ts', 'apps/server/src/db/**', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDERS.join('|')})$/]`,
          message: 'Queries are built in a *.repo.ts file (or db/): move this one into the module’s repo.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
          message: 'SQL is written in a *.repo.ts file (or db/): move this one into the module’s repo.',
        },
        // A route's path is spelled once, in the contract's route table (issue 26): registrations
        // name it with apiPath('…') (plugins/route-paths.ts), never with a path of their own.
        {
          selector: `CallExpression[callee.property.name=/^(${ROUTE_METHODS.join('|')})$/] > Literal.arguments:first-child[value=/^\\//]`,
          message: "Register the route by its name in the route table: apiPath('…') (packages/api-contract/src/routes.ts).",
        },
        {
          selector: "CallExpression[callee.property.name='route'] Property[key.name='url'] > Literal[value=/^\\//]",
          message: "Register the route by its name in the route table: apiPath('…') (packages/api-contract/src/routes.ts).",
        },
      ],
    },
  },
  {
    // API paths are spelled once, in the route table (issue 26): the web app calls the API by name
    // through its client (lib/api-routes.ts), which alone turns names into URLs and sends them.
    // Tests mock answers by URL. scripts/web-api-paths.test.ts breaks this on purpose.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [...WEB_API_CLIENT, 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=${API_PATH}], TemplateLiteral[quasis.0.value.raw=${API_PATH}]`,
          message: WEB_API_MESSAGE,
        },
        {
          selector: "CallExpression[callee.name=/^(fetch|requestApi|downloadFile)$/], NewExpression[callee.name=/^(XMLHttpRequest|EventSource)$/]",
          message: WEB_API_MESSAGE,
        },
      ],
    },
  },
  {
    // A book's amounts are shown through the one web formatter (lib/money.ts: the book's base
    // currency, the person's number format); the domain's formatMoney(cents) is USD, kept for what
    // is billed in dollars. scripts/web-money-format.test.ts breaks this on purpose.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/settings/SubscriptionCard.tsx', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mindspend/domain',
              importNames: ['formatMoney', 'formatWholeDollars'],
              message: "Show a book's amount with formatAmount / formatWholeAmount from lib/money.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright specs run in Node but evaluate some callbacks in the page.
    files: ['apps/web/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
