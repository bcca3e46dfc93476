/**
 * Code that starts a built file beside itself (an import thread: `new URL('./x.js', import.meta.url)`)
 * finds it only if build.mjs writes a file of that name. A misspelt name fails silently — the
 * server falls back to running the work on its own thread (the SQLite import thread was lost so
 * between two commits) — so the names are compared here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('built files that the server starts beside itself', () => {
  it('are each an entry point of build.mjs', () => {
    const build = readFileSync(path.join(serverRoot, 'build.mjs'), 'utf8');
    const entries = new Set([...build.matchAll(/^\s*'?([\w-]+)'?: 'src\/[^']+\.ts',$/gm)].map((match) => match[1]));
    const wanted = sourceFiles(path.join(serverRoot, 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/new URL\('\.\/([\w.-]+)\.js', import\.meta\.url\)/g)].map((match) => ({
        file: path.relative(serverRoot, file),
        name: match[1],
      })),
    );
    expect(wanted.map((use) => use.name).sort()).toEqual(['prepare-statement-thread', 'sqlite-import-thread']);
    expect(wanted.filter((use) => !entries.has(use.name))).toEqual([]);
  });
});
