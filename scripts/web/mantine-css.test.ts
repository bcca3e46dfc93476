// The web app imports Mantine's CSS per component (DECISIONS.md #32), so a component used for the
// first time shows unstyled until its `.layer.css` is imported somewhere. Nothing else catches
// that: the build passes and the page renders, just wrong. This test reads the source instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const webSource = path.join(repoRoot, 'apps/web/src');
const mantineStyles = path.join(repoRoot, 'node_modules/@mantine/core/styles');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Names imported as values (not `import type`) from '@mantine/core' in one file. */
export function mantineComponentsImported(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
    if (match[1]) continue;
    for (const part of (match[2] ?? '').split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]?.trim();
      if (name && !part.trim().startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** Components whose `@mantine/core/styles/<Name>.layer.css` a file imports. */
export function mantineStylesImported(source: string): string[] {
  return [...source.matchAll(/@mantine\/core\/styles\/(\w+)\.layer\.css/g)].map((match) => match[1] ?? '');
}

describe('Mantine CSS per component', () => {
  it('reads component and style imports from source text', () => {
    const source =
      "import '@mantine/core/styles/Code.layer.css';\n" +
      "import { Button, Code as Snippet, type MantineTheme } from '@mantine/core';\n" +
      "import type { BoxProps } from '@mantine/core';\n";
    expect(mantineComponentsImported(source)).toEqual(['Button', 'Code']);
    expect(mantineStylesImported(source)).toEqual(['Code']);
  });

  it('imports the stylesheet of every Mantine component the web app uses', () => {
    const withStylesheet = new Set(
      readdirSync(mantineStyles)
        .filter((file) => file.endsWith('.layer.css'))
        .map((file) => file.replace('.layer.css', '')),
    );
    const used = new Map<string, string>();
    const styled = new Set<string>();
    for (const file of sourceFiles(webSource)) {
      const source = readFileSync(file, 'utf8');
      for (const name of mantineComponentsImported(source)) used.set(name, path.relative(repoRoot, file));
      for (const name of mantineStylesImported(source)) styled.add(name);
    }
    const unstyled = [...used]
      .filter(([name]) => withStylesheet.has(name) && !styled.has(name))
      .map(([name, file]) => `${name} (used in ${file}): import '@mantine/core/styles/${name}.layer.css'`);
    expect(unstyled, 'add these to apps/web/src/mantine-styles.ts or mantine-app-styles.ts').toEqual([]);
  });
});
