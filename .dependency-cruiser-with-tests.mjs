// The file-level rules of .dependency-cruiser.mjs over everything the workspaces hold, tests,
// test helpers, browser specs and scripts included: a test must not reach across the web/server
// line or into an app from packages/ either, and a cycle among test helpers breaks like any
// other. The folder rules are left out here because test files, which wire up the whole app,
// would make every module folder depend on every other (see .dependency-cruiser.mjs). So is the
// door rule: a test sets up and checks a module's rows through whatever the module has.
import base from './.dependency-cruiser.mjs';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: (base.forbidden ?? []).filter(
    (rule) => !('scope' in rule && rule.scope === 'folder') && rule.name !== 'server-modules-through-their-door',
  ),
  options: {
    ...base.options,
    exclude: { path: '(^|/)(node_modules|dist)/' },
  },
};
