/** Payees and payors: list, one, create, update (spec §3 Entity). */
import type { Entity, EntityBody } from '@mindspend/api-contract';
import { shortEntityName } from '@mindspend/domain';
import type { EntityRow } from '../../db/ledger-schema';
import type { AppDeps } from '../../deps';
import { type BookScope, writeInBook } from '../../db/book-scope';
import { isoNow } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import { requireAccount } from '../accounts';
import { type EntityValues, findEntity, insertEntity, listEntities, updateEntity } from './entities.repo';

export function presentEntity(row: EntityRow): Entity {
  return {
    id: row.id,
    name: row.name,
    name_short: row.name_short,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
  };
}

const blankToNull = (value: string | null | undefined): string | null =>
  value && value.trim() !== '' ? value.trim() : null;

function toValues(body: EntityBody): EntityValues {
  const name = (body.name ?? '').trim().replace(/\s+/g, ' ');
  return {
    name,
    name_short: shortEntityName(name),
    address_line1: blankToNull(body.address_line1),
    address_line2: blankToNull(body.address_line2),
    city: blankToNull(body.city),
    state: blankToNull(body.state),
    zipcode: blankToNull(body.postal ?? body.zipcode),
  };
}

export async function listUserEntities(deps: AppDeps, scope: BookScope): Promise<Entity[]> {
  return (await listEntities(deps.db, scope)).map(presentEntity);
}

export async function getEntity(deps: AppDeps, scope: BookScope, entityId: number): Promise<Entity> {
  const row = await findEntity(deps.db, scope.bookId, entityId);
  if (!row) throw notFound('Entity');
  return presentEntity(row);
}

/** Creates an entity from an account's screen; the account must be the user's. */
export async function createEntity(
  deps: AppDeps,
  scope: BookScope,
  accountId: number,
  body: EntityBody,
): Promise<Entity> {
  return writeInBook(deps, scope, async (trx) => {
    await requireAccount(trx, scope, accountId);
    return presentEntity(await insertEntity(trx, scope.bookId, toValues(body), isoNow(deps.clock)));
  });
}

export async function editEntity(
  deps: AppDeps,
  scope: BookScope,
  entityId: number,
  body: EntityBody,
): Promise<Entity> {
  return writeInBook(deps, scope, async (trx) => {
    if (!(await findEntity(trx, scope.bookId, entityId))) throw notFound('Entity');
    return presentEntity(await updateEntity(trx, scope.bookId, entityId, toValues(body)));
  });
}
