/** The second look (DECISIONS.md #44): how many expenses are due, a page of them, and the later feeling. */
import { useQuery } from '@tanstack/react-query';
import type { Transaction } from '@mindspend/api-contract';
import type { Feeling } from '@mindspend/domain';
import { callApi } from '../../lib/api-routes';
import { transactionKeys } from '../transactions/api';

/** Under the transactions' key, so any saved transaction refreshes the count too. */
export const secondLookKey = [...transactionKeys.all, 'second-look'] as const;

/** Expenses asked about per page of the step-through; 'Show more' asks for the next. */
export const SECOND_LOOK_PAGE = 50;

/**
 * The oldest expenses due, a page the person steps through at one sitting (issue 29): the ledger
 * shows only their count, so the list is asked for when the person opens it. `after` is the last
 * expense of the page before: the server's cursor (DECISIONS.md #105), so an expense answered on
 * that page never makes the next one skip another.
 */
export const fetchSecondLook = (after?: Pick<Transaction, 'date' | 'id'>) =>
  callApi('listSecondLook', {
    query: { limit: SECOND_LOOK_PAGE, ...(after && { after_date: after.date, after_id: after.id }) },
  });
export const recordSecondFeeling = (id: number, feeling: Feeling) =>
  callApi('patchTransaction', { params: { id }, body: { second_feeling: feeling } });


/** How many expenses are due for a second look; none while the setting is off. */
export function useSecondLookCount(enabled: boolean) {
  return useQuery({ queryKey: [...secondLookKey, 'count'], queryFn: () => callApi('countSecondLook'), enabled });
}
