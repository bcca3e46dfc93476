/** The category tree (spec §3 Category). */
import { z } from 'zod';

export const subcategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  emoji: z.string(),
  type: z.enum(['income', 'expense']),
  transaction_category_id: z.number().int(),
});
export type Subcategory = z.infer<typeof subcategorySchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['income', 'expense']),
  subcategories: z.array(subcategorySchema),
});
export type Category = z.infer<typeof categorySchema>;

export const categoriesResponse = z.array(categorySchema);
