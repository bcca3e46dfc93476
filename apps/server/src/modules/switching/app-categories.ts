/**
 * An app's categories onto Mindspend's tree (DECISIONS.md #98). A category whose name is one of
 * the default tree's sub-categories of the same type is that sub-category; any other becomes a
 * sub-category of the book's own "From <app>" category (one for spending, one for income), named
 * as in the app, and "Name (Group)" where two of the app's groups hold the same name.
 */
import { SWITCHING_APP_NAMES, type AppCategory, type SwitchingApp } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ensureBookCategory, ensureBookSubcategory, listSubcategories } from '../categories';

type CategoryType = 'income' | 'expense';

/** The column's width (migration 0002). */
const NAME_MAX = 60;
/** U+1F4E6 PACKAGE: brought in from elsewhere. Escaped, since the server bundle stays ASCII. */
const FROM_APP_EMOJI = '\u{1F4E6}';

const fold = (name: string) => name.trim().toLowerCase();
const keyOf = (category: AppCategory, type: CategoryType) => `${type}|${category.group ?? ''}|${category.name}`;

export interface CategoryPlacer {
  /** The sub-category id for the app's category on a row of this type. */
  place(category: AppCategory, type: CategoryType): Promise<number>;
  /** How many of the book's own sub-categories were made. */
  created(): number;
}

/**
 * `wanted` is every (category, type) the export will ask for, so that a name held by two groups
 * is told apart from the first use on.
 */
export async function categoryPlacer(
  trx: Kysely<Database>,
  target: { bookId: number; app: SwitchingApp },
  wanted: ReadonlyArray<{ category: AppCategory; type: CategoryType }>,
): Promise<CategoryPlacer> {
  const known = await listSubcategories(trx, target.bookId);
  const shared = new Map(known.filter((row) => row.book_id === null).map((row) => [`${row.type}|${fold(row.name)}`, row.id]));
  const groupsOfName = new Map<string, Set<string>>();
  for (const { category, type } of wanted) {
    const key = `${type}|${fold(category.name)}`;
    groupsOfName.set(key, (groupsOfName.get(key) ?? new Set()).add(category.group ?? ''));
  }
  const placed = new Map<string, number>();
  const parents = new Map<CategoryType, number>();
  let made = 0;

  const parentOf = async (type: CategoryType) => {
    const found = parents.get(type);
    if (found !== undefined) return found;
    const id = await ensureBookCategory(trx, target.bookId, `From ${SWITCHING_APP_NAMES[target.app]}`, type);
    parents.set(type, id);
    return id;
  };

  return {
    async place(category, type) {
      const key = keyOf(category, type);
      const done = placed.get(key);
      if (done !== undefined) return done;
      const sameName = `${type}|${fold(category.name)}`;
      let id = shared.get(sameName);
      if (id === undefined) {
        const ambiguous = (groupsOfName.get(sameName)?.size ?? 0) > 1 && category.group !== null;
        const name = (ambiguous ? `${category.name} (${category.group})` : category.name).trim().slice(0, NAME_MAX);
        const before = known.length;
        id = await ensureBookSubcategory(trx, target.bookId, { id: await parentOf(type), type }, name || 'Uncategorized', FROM_APP_EMOJI);
        if (!known.some((row) => row.id === id)) {
          known.push({ id, book_id: target.bookId, category_id: 0, name, emoji: FROM_APP_EMOJI, type });
          made += known.length - before;
        }
      }
      placed.set(key, id);
      return id;
    },
    created: () => made,
  };
}
