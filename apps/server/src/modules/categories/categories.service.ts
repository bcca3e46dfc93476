/** The category tree with its sub-categories (spec §3 Category). */
import type { Category } from '@mindspend/api-contract';
import type { AppDeps } from '../../deps';
import { listCategories, listSubcategories } from './categories.repo';

/** All categories, or only income or expense ones, each with its sub-categories. */
export async function categoryTree(deps: AppDeps, type?: 'income' | 'expense'): Promise<Category[]> {
  const [categories, subcategories] = await Promise.all([listCategories(deps.db, type), listSubcategories(deps.db, type)]);
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
