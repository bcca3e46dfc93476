// Dependency rules that keep the monorepo's structure (issue 11), checked by dependency-cruiser
// in `npm run lint`, so a change that breaks one fails CI instead of slowly knotting the code.
// Paths are matched from the repository root. Type-only imports count as dependencies
// (tsPreCompilationDeps): a type pulled across a boundary ties the two sides as much as a value.
//
// This file checks the apps' and packages' own code, tests left out: a test file wires up the
// whole app (test-app.ts imports every module), so with tests in, every module folder would
// depend on every other one and the folder rules below would mean nothing.
// .dependency-cruiser-with-tests.mjs checks the file-level rules on everything, tests included.

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'web-not-to-server',
      comment:
        'The web app and the server meet only in packages/ (domain rules, wire contract): the SPA ' +
        'runs in the browser and the server must build without it. The browser tests in ' +
        "apps/web/e2e are outside this rule: they drive the real server and reuse the server's " +
        'test stand-ins of Plaid and Stripe.',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-to-web',
      comment:
        'The server serves the built SPA as static files only; importing web code would pull ' +
        'React and the browser into the server.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'domain-is-pure',
      comment:
        'packages/domain holds every rule once, for the server and the web app alike: it cannot ' +
        'depend on either app, nor on the wire contract, which is built on top of it.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps/|packages/api-contract/)' },
    },
    {
      name: 'contract-not-to-apps',
      comment:
        'packages/api-contract is the one description of the wire both apps share; an import of ' +
        'either app would make the contract depend on what it describes.',
      severity: 'error',
      from: { path: '^packages/api-contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-modules-one-way',
      comment:
        'Server feature modules depend on each other in one direction only, so each can be read, ' +
        'tested and changed starting from the ones it uses; a cycle between two module folders ' +
        'means the shared piece belongs in one of them, in lib/ or in db/. Checked on the folder ' +
        'graph, where a module folder depends on another when any of its files imports one of ' +
        'the other (modules/<name>/ is flat; a nested folder would be a node of its own).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+$' },
      to: { path: '^apps/server/src/modules/[^/]+$', circular: true },
    },
    {
      name: 'server-modules-through-their-door',
      comment:
        "A server module uses another only through that module's index.ts, the list of what it " +
        'offers the others: its repos, services and presenters stay its own to change, and a ' +
        "query of another module's tables is a choice made in the open (added to the door), not " +
        'an import that slipped in.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-lib-not-to-modules-or-plugins',
      comment:
        'lib/ is the toolbox that modules and plugins are built with; importing them back would ' +
        'tie every module to every other through lib/.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/(modules|plugins)/' },
    },
    {
      name: 'server-db-not-to-modules',
      comment:
        'db/ (connection, schema, migrations, the write lock) sits under every module; a module ' +
        'import from it would make the database layer depend on a feature.',
      severity: 'error',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'web-features-one-way',
      comment:
        'Web features depend on each other in one direction only; what several features use ' +
        'lives in a shared home (shared/, lib/, components/), not in one feature that the others ' +
        'import and that imports them back. Checked on the folder graph, as for server modules.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/web/src/features/[^/]+$' },
      to: { path: '^apps/web/src/features/[^/]+$', circular: true },
    },
    {
      name: 'web-shared-not-to-features',
      comment:
        'The shared homes of the web app (shared/, lib/, components/) sit under the features: ' +
        'if they imported a feature, that feature would be tied to every other feature using them.',
      severity: 'error',
      from: { path: '^apps/web/src/(shared|lib|components)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'no-circular',
      comment:
        'No file imports itself through others: a cycle makes module start-up order matter ' +
        '(undefined imports at load time) and means the files cannot be understood one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import the cruiser cannot resolve is invisible to every rule above, so it fails the ' +
        'check instead of passing silently.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // The apps' and packages' own code: no tests, test helpers, browser specs or scripts, no
    // build output. An exclude and not an includeOnly, which would also drop the imports that
    // cannot be resolved and so blind not-to-unresolvable.
    exclude: {
      path: '(^|/)(node_modules|dist)/|\\.(test|spec)\\.tsx?$|^apps/(server|web)/src/test/|^apps/web/e2e/|^scripts/',
    },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // Workspace packages resolve through their node_modules links and "exports" to their
    // TypeScript sources, as Vite, tsx and vitest resolve them.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    // Only what the rules need is computed, which keeps the check fast enough for every lint.
    skipAnalysisNotInRules: true,
  },
};
