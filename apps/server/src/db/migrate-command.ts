/**
 * What `npm run migrate` does (apps/server/src/migrate.ts starts it): applies the pending
 * migrations, or with `--status` lists every migration as applied or pending and changes nothing.
 */
import type { DatabaseHandle } from './connection';
import { migrateToLatest, migrationStatus } from './migrate';

/** Runs the command and returns its output lines; `argv` are the arguments after the script. */
export async function runMigrateCommand(handle: DatabaseHandle, argv: readonly string[]): Promise<string[]> {
  const unknown = argv.filter((argument) => argument !== '--status');
  if (unknown.length > 0)
    throw new Error(`Unknown argument ${unknown.join(' ')}. Usage: npm run migrate [-- --status]`);
  const where = handle.dialect === 'postgres' ? `PostgreSQL (schema ${handle.schema ?? 'public'})` : 'SQLite';
  if (argv.includes('--status')) {
    const states = await migrationStatus(handle);
    const pending = states.filter((state) => !state.appliedAt).length;
    return [
      `Migrations on ${where}: ${states.length - pending} applied, ${pending} pending.`,
      ...states.map(
        (state) =>
          `${state.appliedAt ? 'applied' : 'pending'}  ${state.name}${state.appliedAt ? `  (${state.appliedAt})` : ''}`,
      ),
    ];
  }
  const applied = await migrateToLatest(handle);
  if (applied.length === 0) return [`${where} is up to date: no migration was pending.`];
  return [
    `Applied ${applied.length} migration(s) on ${where}:`,
    ...applied.map((name) => `applied  ${name}`),
  ];
}
