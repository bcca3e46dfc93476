// The architecture check of `npm run lint` fails when the map and the folders disagree.
import { describe, expect, it } from 'vitest';
import { architectureProblems } from './architecture-map';

const doc = [
  'Server feature modules: accounts, auth (sign-in, passwords), books (members; DECISIONS.md #73),',
  'two-factor. Web features follow the screens:',
  'accounts, ledger (the table, its filters). The second look lives elsewhere.',
].join('\n');

const lists = (modules: string[], features: string[]) => [
  { kind: 'server module', lead: 'Server feature modules:', folders: modules },
  { kind: 'web feature', lead: 'Web features follow the screens:', folders: features },
];

describe('architecture map (npm run lint)', () => {
  it('passes when both lists name exactly the folders there are', () => {
    expect(architectureProblems(doc, lists(['accounts', 'auth', 'books', 'two-factor'], ['accounts', 'ledger']))).toEqual([]);
  });

  it('fails on a module or feature folder the map does not name', () => {
    expect(architectureProblems(doc, lists(['accounts', 'auth', 'books', 'passkeys', 'two-factor'], ['accounts', 'ledger', 'rules']))).toEqual([
      'The server module "passkeys" is missing from docs/ARCHITECTURE.md ("Server feature modules:").',
      'The web feature "rules" is missing from docs/ARCHITECTURE.md ("Web features follow the screens:").',
    ]);
  });

  it('fails on a name whose folder is gone, and does not take a word of a note for a name', () => {
    expect(architectureProblems(doc, lists(['accounts', 'auth', 'two-factor'], ['accounts', 'ledger']))).toEqual([
      'docs/ARCHITECTURE.md lists the server module "books", which has no folder.',
    ]);
  });

  it('does not count a module named only inside another word', () => {
    const problems = architectureProblems('Server feature modules: two-factor. Web features follow the screens: ledger.', lists(['factor', 'two-factor'], ['ledger']));
    expect(problems).toContain('The server module "factor" is missing from docs/ARCHITECTURE.md ("Server feature modules:").');
  });

  it('fails when a list is gone from the map', () => {
    expect(architectureProblems('Nothing here.', lists([], []))).toHaveLength(2);
  });
});
