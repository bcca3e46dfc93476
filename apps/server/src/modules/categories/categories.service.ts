/** The category tree with its sub-categories (spec §3 Category). */
import type { Category } from '@mindspend/api-contract';
import type { BookScope } from '../../db/book-scope';
import type { AppDeps } from '../../deps';
import { listCategories, listSubcategories } from './categories.repo';

/** The default tree and the book's own categories, or only income or expense ones, each with its sub-categories. */
export async function categoryTree(deps: AppDeps, scope: BookScope, type?: 'income' | 'expense'): Promise<Category[]> {
  const [categories, subcategories] = await Promise.all([
    listCategories(deps.db, scope.bookId, type),
    listSubcategories(deps.db, scope.bookId, type),
  ]);
  return categories.map((category) => ({
    id: category.id,
    name: category.name,
    type: category.type,
    subcategories: subcategories
      .filter((subcategory) => subcategory.category_id === category.id)
      .map((subcategory) => ({
        id: subcategory.id,
        name: subcategory.name,
        emoji: subcategory.emoji,
        type: subcategory.type,
        transaction_category_id: subcategory.category_id,
      })),
  }));
}
