// The README check of `npm run lint` fails on a README grown past its length or a dead link.
import { describe, expect, it } from 'vitest';
import { README_MAX_LINES, linkedPaths, readmeProblems } from './readme-rules';

const files = new Set(['docs/SECURITY.md', 'docs/OPERATIONS.md', '.env.example']);
const exists = (path: string) => files.has(path);

describe('README front door (npm run lint)', () => {
  it('passes a short README whose links resolve, anchors and web addresses aside', () => {
    const readme = [
      '# Mindspend',
      'See [security](docs/SECURITY.md) and [single sign-on](docs/OPERATIONS.md#single-sign-on).',
      'Copy [`.env.example`](.env.example); [Testing](#testing); [Node](https://nodejs.org/).',
      '',
    ].join('\n');
    expect(linkedPaths(readme)).toEqual(['docs/SECURITY.md', 'docs/OPERATIONS.md', '.env.example']);
    expect(readmeProblems(readme, exists)).toEqual([]);
  });

  it('fails on a link to a file that is gone', () => {
    expect(readmeProblems('Read [the bench](guides/bench.md#method).\n', exists)).toEqual(['README.md links to guides/bench.md, which does not exist.']);
  });

  it('fails past 250 lines, and not at 250', () => {
    const atLimit = `${'line\n'.repeat(README_MAX_LINES)}`;
    expect(readmeProblems(atLimit, exists)).toEqual([]);
    expect(readmeProblems(`${atLimit}one more\n`, exists)).toEqual([`README.md has ${README_MAX_LINES + 1} lines, more than ${README_MAX_LINES}: move the detail into docs/.`]);
  });
});
