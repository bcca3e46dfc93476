/** Calls of linking a bank through Enable Banking (DECISIONS.md #111): banks of a country, start, finish. */
import type { EnableBankingCallbackBody, EnableBankingStartBody } from '@mindspend/api-contract';
import { ApiError } from '../../lib/api-client';
import { callApi } from '../../lib/api-routes';
import { failureMessages } from './failure-messages';

export const listEnableBankingBanks = (country: string) => callApi('listEnableBankingBanks', { query: { country } });
export const startEnableBanking = (body: EnableBankingStartBody) => callApi('startEnableBanking', { body });
export const finishEnableBanking = (body: EnableBankingCallbackBody) => callApi('finishEnableBanking', { body });

/** Countries where Enable Banking reaches banks (the EEA and the UK), by the names people know. */
export const ENABLE_BANKING_COUNTRIES: ReadonlyArray<{ value: string; label: string }> = [
  ['AT', 'Austria'], ['BE', 'Belgium'], ['BG', 'Bulgaria'], ['HR', 'Croatia'], ['CY', 'Cyprus'], ['CZ', 'Czechia'],
  ['DK', 'Denmark'], ['EE', 'Estonia'], ['FI', 'Finland'], ['FR', 'France'], ['DE', 'Germany'], ['GR', 'Greece'],
  ['HU', 'Hungary'], ['IS', 'Iceland'], ['IE', 'Ireland'], ['IT', 'Italy'], ['LV', 'Latvia'], ['LI', 'Liechtenstein'],
  ['LT', 'Lithuania'], ['LU', 'Luxembourg'], ['MT', 'Malta'], ['NL', 'Netherlands'], ['NO', 'Norway'], ['PL', 'Poland'],
  ['PT', 'Portugal'], ['RO', 'Romania'], ['SK', 'Slovakia'], ['SI', 'Slovenia'], ['ES', 'Spain'], ['SE', 'Sweden'],
  ['GB', 'United Kingdom'],
].map(([value = '', label = '']) => ({ value, label }));

/**
 * What to show when a step of the link fails: the server's own sentence for the answers that
 * carry one meant for the person (a refused state or code 400, not configured 409, the provider
 * unreachable 502), else the catalogue's words (spec §8).
 */
export function enableBankingFailure(failure: unknown): string[] {
  if (failure instanceof ApiError && [400, 409, 502].includes(failure.status) && failure.serverMessage) return [failure.serverMessage];
  return failureMessages(failure);
}
