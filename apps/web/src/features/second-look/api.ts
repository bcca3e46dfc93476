/** The second look (DECISIONS.md #44): the expenses due and the later feeling. */
import { useQuery } from '@tanstack/react-query';
import type { Feeling } from '@mindspend/domain';
import { callApi } from '../../lib/api-routes';
import { transactionKeys } from '../transactions/api';

/** Under the transactions' key, so any saved transaction refreshes the count too. */
export const secondLookKey = [...transactionKeys.all, 'second-look'] as const;

export const fetchSecondLook = () => callApi('listSecondLook');
export const recordSecondFeeling = (id: number, feeling: Feeling) =>
  callApi('patchTransaction', { params: { id }, body: { second_feeling: feeling } });

/** The expenses due for a second look, oldest first; none while the setting is off. */
export function useSecondLook(enabled: boolean) {
  return useQuery({ queryKey: secondLookKey, queryFn: fetchSecondLook, enabled });
}
