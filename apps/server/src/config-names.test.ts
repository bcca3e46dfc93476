/**
 * config.ts, README.md's configuration table and .env.example must name the same variables, and
 * .env.example's values must be the defaults: an operator copying it changes nothing by accident.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_NAMES, loadConfig } from './config';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** The variables of README.md's "## Configuration" table, in order. */
function readmeNames(readme: string): string[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration\n')) ?? '';
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((match) => match[1] ?? '');
}

interface EnvLine {
  name: string;
  value: string;
  commented: boolean;
}

/** `NAME=value` lines, set or commented out (`# NAME=value`); other comments are prose. */
function envExampleLines(text: string): EnvLine[] {
  return text.split('\n').flatMap((line) => {
    const match = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    return match ? [{ name: match[2] ?? '', value: match[3] ?? '', commented: Boolean(match[1]) }] : [];
  });
}

describe('configuration names', () => {
  const readme = readmeNames(read('README.md'));
  const example = envExampleLines(read('.env.example'));

  it('finds the README table and the .env.example lines', () => {
    expect(readme.length).toBeGreaterThan(15);
    expect(readme).toContain('DATABASE_URL');
    expect(example.length).toBeGreaterThan(15);
  });

  it('config.ts, the README table and .env.example name the same variables', () => {
    const sorted = (names: string[]) => [...names].sort();
    expect(sorted(readme), 'README.md table vs config.ts').toEqual(sorted(CONFIG_NAMES));
    expect(sorted(example.map((line) => line.name)), '.env.example vs config.ts').toEqual(
      sorted(CONFIG_NAMES),
    );
  });

  it('names each variable once', () => {
    expect(new Set(readme).size).toBe(readme.length);
    expect(new Set(example.map((line) => line.name)).size).toBe(example.length);
  });

  it('sets each uncommented variable of .env.example to its default', () => {
    const set = Object.fromEntries(
      example.filter((line) => !line.commented).map((line) => [line.name, line.value]),
    );
    expect(loadConfig(set)).toEqual(loadConfig({}));
  });
});
