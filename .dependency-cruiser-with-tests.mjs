// The file-level rules of .dependency-cruiser.mjs over everything the workspaces hold, tests,
// test helpers, browser specs and scripts included: a test must not reach across the web/server
// line or into an app from packages/ either, and a cycle among test helpers breaks like any
// other. The folder rules are left out here because test files, which wire up the whole app,
// would make every module folder depend on every other (see .dependency-cruiser.mjs). So is the
// door rule: a test sets up and checks a module's rows through whatever the module has.
//
// Two rules of its own fence the bench (scripts/bench/ and its entry scripts/bench.ts), which only
// this run sees: the production run leaves scripts/ out.
import base from './.dependency-cruiser.mjs';

/** @type {import('dependency-cruiser').IConfiguration['forbidden']} */
const benchRules = [
  {
    name: 'bench-only-from-bench',
    comment:
      'Nothing outside the bench imports it: what tests and the bench share (starting a server ' +
      'process, the generated statement) lives in scripts/support/, so a test never depends on ' +
      'how the bench measures, and the bench can change without breaking a test.',
    severity: 'error',
    from: { pathNot: '^scripts/bench(/|\\.ts$)' },
    to: { path: '^scripts/bench/' },
  },
  {
    name: 'bench-through-server-entry-points',
    comment:
      'The bench reaches the server only through its public entry points: the app (app.ts), its ' +
      'configuration (config.ts), the database layer (db/: connection, schema, migrations; the ' +
      "database is the bench's subject) and each module's index.ts, so a module's files stay its " +
      'own to rename and split; what the bench needs of a module is added to its index.ts.',
    severity: 'error',
    from: { path: '^scripts/bench(/|\\.ts$)' },
    to: {
      path: '^apps/server/',
      pathNot: [
        '^apps/server/src/(app|config)\\.ts$',
        '^apps/server/src/db/',
        '^apps/server/src/modules/[^/]+/index\\.ts$',
      ],
    },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...(base.forbidden ?? []).filter(
      (rule) =>
        !('scope' in rule && rule.scope === 'folder') && rule.name !== 'server-modules-through-their-door',
    ),
    ...benchRules,
  ],
  options: {
    ...base.options,
    exclude: { path: '(^|/)(node_modules|dist)/' },
  },
};
