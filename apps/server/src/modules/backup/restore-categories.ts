/**
 * The book's own categories of a backup (migration 0042, DECISIONS.md #98), checked before the
 * restore makes them again (restore.repo.ts's restoreCategories).
 */
import type { Backup } from '@mindspend/api-contract';

/** The sub-category ids the file defines itself. */
export function ownSubcategoryIds(backup: Backup): Set<number> {
  return new Set((backup.categories ?? []).flatMap((category) => category.subcategories.map((sub) => sub.id)));
}

/** An own id that is also a default one, or listed twice, would make the file's references ambiguous. */
export function categoryProblems(backup: Backup, shared: ReadonlySet<number>): string[] {
  const problems: string[] = [];
  const seen = new Set<number>();
  for (const category of backup.categories ?? [])
    for (const sub of category.subcategories) {
      if (shared.has(sub.id) || seen.has(sub.id)) problems.push(`The backup file is not valid: sub-category ${sub.id} of "${category.name}" is listed twice.`);
      seen.add(sub.id);
    }
  return problems;
}
