// The stages of `npm run bench` and the `--stage=a,b` option that picks some of them.

export const STAGES = ['startup', 'ledger', 'currencies', 'import', 'mixed', 'many-users', 'two-process', 'web', 'rebuild', 'receipts'] as const;
export type Stage = (typeof STAGES)[number];

function isStage(name: string): name is Stage {
  return (STAGES as readonly string[]).includes(name);
}

/** The stages `--stage=a,b` names (all without it); an unknown name stops the bench. */
export function selectedStages(argv: readonly string[]): Set<Stage> {
  const option = argv.find((argument) => argument.startsWith('--stage='));
  if (!option) return new Set(STAGES);
  const names = option.slice('--stage='.length).split(',').filter(Boolean);
  const unknown = names.filter((name) => !isStage(name));
  if (unknown.length || names.length === 0) {
    throw new Error(`Unknown stage ${unknown.join(', ') || '(none)'}: choose from ${STAGES.join(', ')}.`);
  }
  return new Set(names.filter(isStage));
}
