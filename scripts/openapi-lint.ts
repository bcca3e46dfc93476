/**
 * Redocly's `lint` of an OpenAPI document under the repository's redocly.yaml (the recommended
 * rules, docs/API.md#the-openapi-document): what scripts/check-openapi.ts runs on the server's
 * document, and its test on broken ones.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const REDOCLY_CLI = join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const CONFIG = join(root, 'redocly.yaml');

export interface LintProblem {
  ruleId: string;
  message: string;
  /** Where in the document, as a JSON pointer (`#/paths/~1api~1health/get`). */
  pointer: string;
}

export interface LintResult {
  errors: LintProblem[];
  warnings: LintProblem[];
}

/** Runs the CLI; its exit code says only whether there were errors, which the JSON says too. */
function runRedocly(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [REDOCLY_CLI, ...args],
      // No usage report and no update check: the lint runs offline, in CI too.
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
      (_error, stdout, stderr) => resolve({ stdout, stderr }),
    );
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object';

/** One problem of Redocly's JSON report, or null for an entry of another shape. */
function problemOf(entry: unknown): (LintProblem & { severity: unknown }) | null {
  if (!isRecord(entry)) return null;
  const location = Array.isArray(entry.location) ? entry.location[0] : undefined;
  return {
    ruleId: String(entry.ruleId),
    message: String(entry.message),
    pointer: isRecord(location) ? String(location.pointer) : '',
    severity: entry.severity,
  };
}

/** Redocly's findings on the document, split into errors and warnings. */
export async function lintOpenApi(document: unknown): Promise<LintResult> {
  const dir = await mkdtemp(join(tmpdir(), 'mindspend-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document, null, 2));
    const { stdout, stderr } = await runRedocly([
      'lint',
      file,
      '--config',
      CONFIG,
      '--format',
      'json',
      '--max-problems',
      '10000',
    ]);
    let report: unknown;
    try {
      report = JSON.parse(stdout);
    } catch {
      throw new Error(`Redocly gave no report:\n${stderr || stdout}`);
    }
    const problems = (isRecord(report) && Array.isArray(report.problems) ? report.problems : []).map(
      problemOf,
    );
    const strip = ({ ruleId, message, pointer }: LintProblem): LintProblem => ({ ruleId, message, pointer });
    return {
      errors: problems.flatMap((problem) =>
        problem && problem.severity === 'error' ? [strip(problem)] : [],
      ),
      warnings: problems.flatMap((problem) =>
        problem && problem.severity !== 'error' ? [strip(problem)] : [],
      ),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `rule  pointer  message`, one line per problem. */
export function formatProblems(problems: readonly LintProblem[]): string {
  return problems.map((problem) => `  ${problem.ruleId}  ${problem.pointer}  ${problem.message}`).join('\n');
}
