/** What a rule's ids are called (sub-categories, payees, accounts), for its sentence and its form. */
import { useMemo } from 'react';
import type { Category } from '@mindspend/api-contract';
import type { RuleNames } from '@mindspend/domain';
import { useAccounts } from '../accounts/api';
import { useCategories } from '../categories/api';
import { useEntities } from '../entities/api';

export interface RuleChoices {
  names: RuleNames;
  /** Expense categories, then income ones. */
  categories: Category[];
  entities: { id: number; name: string }[];
  accounts: { id: number; name: string }[];
}

export function useRuleChoices(): RuleChoices {
  const expense = useCategories('expense');
  const income = useCategories('income');
  const entities = useEntities();
  const accounts = useAccounts();
  return useMemo(() => {
    const categories = [...(expense.data ?? []), ...(income.data ?? [])];
    const subcategories = new Map(categories.flatMap((category) => category.subcategories.map((sub) => [sub.id, `${sub.emoji} ${sub.name}`] as const)));
    const entityList = entities.data ?? [];
    const accountList = accounts.data ?? [];
    const entityNames = new Map(entityList.map((entity) => [entity.id, entity.name]));
    const accountNames = new Map(accountList.map((account) => [account.id, account.name]));
    return {
      names: {
        subcategory: (id) => subcategories.get(id),
        entity: (id) => entityNames.get(id),
        account: (id) => accountNames.get(id),
      },
      categories,
      entities: entityList,
      accounts: accountList,
    };
  }, [expense.data, income.data, entities.data, accounts.data]);
}
