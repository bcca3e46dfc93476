// The byte count behind the route budgets (scripts/web/route-budgets.ts): a route's first load is
// index.html, the entry's static chunk graph and the route's lazy module with its own static
// imports and CSS, each file once, at its brotli size. A count that silently dropped a chunk or a
// stylesheet would let a route grow past its budget unnoticed; these catch it.
import { describe, expect, it } from 'vitest';
import { ManifestProblem, firstLoad, loadedSources, notLazy, type Manifest } from './route-bytes';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-b.js', '_shell-c.js'],
    dynamicImports: ['src/Landing.tsx', 'src/Ledger.tsx'],
    css: ['assets/index-a.css'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_shell-c.js': { file: 'assets/shell-c.js', imports: ['_react-b.js'] },
  'src/Landing.tsx': {
    file: 'assets/Landing-d.js',
    src: 'src/Landing.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_react-b.js'],
  },
  'src/Ledger.tsx': {
    file: 'assets/Ledger-e.js',
    src: 'src/Ledger.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_table-f.js'],
    dynamicImports: ['src/Modal.tsx'],
    css: ['assets/Ledger-e.css'],
  },
  '_table-f.js': { file: 'assets/table-f.js', imports: ['_shell-c.js'], css: ['assets/table-f.css'] },
  'src/Modal.tsx': { file: 'assets/Modal-g.js', src: 'src/Modal.tsx', isDynamicEntry: true },
  'src/Eager.tsx': { file: 'assets/Eager-h.js', src: 'src/Eager.tsx' },
};

// Brotli sizes: a distinct power of two per file, so any sum names exactly the files it counted.
const sizes: Record<string, number> = {
  'index.html': 1,
  'assets/index-a.js': 2,
  'assets/index-a.css': 4,
  'assets/react-b.js': 8,
  'assets/shell-c.js': 16,
  'assets/Landing-d.js': 32,
  'assets/Ledger-e.js': 64,
  'assets/Ledger-e.css': 128,
  'assets/table-f.js': 256,
  'assets/table-f.css': 512,
  'assets/Modal-g.js': 1024,
};
const wireSize = (file: string) => sizes[file] ?? null;

describe('firstLoad', () => {
  it('counts index.html, the entry with its static imports and CSS, and the route module, each file once', () => {
    const load = firstLoad(manifest, ['src/Landing.tsx'], wireSize);
    expect(load.files.map((f) => f.file)).toEqual([
      'index.html',
      'assets/index-a.js',
      'assets/index-a.css',
      'assets/react-b.js',
      'assets/shell-c.js',
      'assets/Landing-d.js',
    ]);
    expect(load.bytes).toBe(1 + 2 + 4 + 8 + 16 + 32);
    expect(load.jsBytes).toBe(2 + 8 + 16 + 32);
    expect(load.cssBytes).toBe(4);
  });

  it("follows the route module's static imports and their CSS, but not its lazy children", () => {
    const load = firstLoad(manifest, ['src/Ledger.tsx'], wireSize);
    // Everything but the landing page (32) and the lazily opened modal (1024).
    expect(load.bytes).toBe(1 + 2 + 4 + 8 + 16 + 64 + 128 + 256 + 512);
    expect(load.cssBytes).toBe(4 + 128 + 512);
  });

  it('counts a file shared by two route modules once', () => {
    expect(firstLoad(manifest, ['src/Ledger.tsx', 'src/Ledger.tsx'], wireSize).bytes).toBe(991);
  });

  it('refuses a module the manifest does not have, and a file the build did not write', () => {
    expect(() => firstLoad(manifest, ['src/Gone.tsx'], wireSize)).toThrow(ManifestProblem);
    expect(() => firstLoad(manifest, ['src/Modal.tsx'], () => null)).toThrow(/not in the build/);
  });
});

describe('notLazy', () => {
  it('accepts modules the entry loads lazily, directly or through another lazy module', () => {
    expect(notLazy(manifest, ['src/Landing.tsx', 'src/Modal.tsx'])).toEqual([]);
  });

  it('names a module that is not a lazily loaded entry of the build', () => {
    expect(notLazy(manifest, ['src/Eager.tsx', 'src/Ledger.tsx', 'src/Missing.tsx'])).toEqual([
      'src/Eager.tsx',
      'src/Missing.tsx',
    ]);
  });
});

describe('loadedSources', () => {
  // What each built file bundles, as its source map lists it; the table's chunk has no map.
  const sources: Record<string, string[]> = {
    'assets/index-a.js': ['../../src/main.tsx', '../../node_modules/react-router/index.js'],
    'assets/shell-c.js': ['../../src/components/NavBar.tsx'],
    'assets/Ledger-e.js': [
      '../../src/features/ledger/LedgerPage.tsx',
      '../../node_modules/@tanstack/react-virtual/index.js',
    ],
    'assets/Landing-d.js': ['../../src/features/landing/LandingPage.tsx'],
  };
  const sourcesOf = (file: string) => sources[file] ?? null;
  const signedInApp = /src\/features\/ledger\/|node_modules\/@tanstack\/react-virtual\//;

  it("names the forbidden sources a route's first load includes, each once", () => {
    const ledger = firstLoad(manifest, ['src/Ledger.tsx', 'src/Ledger.tsx'], wireSize);
    expect(loadedSources(ledger, sourcesOf, signedInApp)).toEqual([
      '../../node_modules/@tanstack/react-virtual/index.js',
      '../../src/features/ledger/LedgerPage.tsx',
    ]);
  });

  it('finds none in a route that does not load them', () => {
    const landing = firstLoad(manifest, ['src/Landing.tsx'], wireSize);
    expect(loadedSources(landing, sourcesOf, signedInApp)).toEqual([]);
  });
});
