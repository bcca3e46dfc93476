/** The suggested feeling and purpose for a purchase at a payee or in a sub-category (DECISIONS.md #46). */
import type { SuggestionQuery, SuggestionResponse } from '@mindspend/api-contract';
import { type Feeling, type Purpose, type Suggestion, chooseSuggestion, localDateIn, suggestFromHistory, suggestionSince } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { BookScope } from '../../db/book-scope';
import { feelingsOf } from '../../db/feelings';
import { notFound } from '../../lib/http-errors';
import { findSubcategories } from '../categories';
import { findEntity } from '../entities';
import { type HistoryScope, historyCells } from './suggestions.repo';

async function suggestionOf(db: Kysely<Database>, scope: HistoryScope): Promise<Suggestion> {
  const cells = await historyCells(db, scope);
  return suggestFromHistory(cells.map((cell) => ({ ...cell, feeling: cell.feeling as Feeling | null, purpose: cell.purpose as Purpose | null })));
}

/**
 * The feeling and purpose most often given over the last 12 months at the payee, else in the
 * sub-category; null fields and `based_on` 0 without enough history. Another user's payee or an
 * unknown sub-category is 404.
 */
export async function suggestFeeling(deps: AppDeps, scope: BookScope, query: SuggestionQuery): Promise<SuggestionResponse> {
  if (query.entity_id !== undefined && !(await findEntity(deps.db, scope.bookId, query.entity_id))) throw notFound('Payee');
  if (query.subcategory_id !== undefined && (await findSubcategories(deps.db, scope.bookId, [query.subcategory_id])).length === 0) throw notFound('Sub-category');
  const since = suggestionSince(localDateIn(scope.timeZone, deps.clock.now()));
  const base = { bookId: scope.bookId, since, feelings: await feelingsOf(deps.db, scope) };
  const payee = query.entity_id === undefined ? null : await suggestionOf(deps.db, { ...base, entityId: query.entity_id });
  const needsFallback = payee === null || payee.basedOn === 0;
  const subcategory =
    needsFallback && query.subcategory_id !== undefined ? await suggestionOf(deps.db, { ...base, subcategoryId: query.subcategory_id }) : null;
  const { suggestion, source } = chooseSuggestion(payee, subcategory);
  return { feeling: suggestion.feeling, purpose: suggestion.purpose, based_on: suggestion.basedOn, source };
}
