/** SQL of book invitations (migration 0029; docs/DECISIONS.md #74). */
import type { Insertable, Kysely } from 'kysely';
import type { BookInvitationsTable, Database } from '../../db/schema';

export async function insertInvitation(db: Kysely<Database>, values: Insertable<BookInvitationsTable>): Promise<number> {
  const { id } = await db.insertInto('book_invitations').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The unused, unexpired invitation with this token hash, with its book's name and who sent it. */
export function findLiveInvitation(db: Kysely<Database>, tokenHash: string, now: string) {
  return db
    .selectFrom('book_invitations as i')
    .innerJoin('books as b', 'b.id', 'i.book_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select(['i.id', 'i.book_id', 'i.email', 'i.role', 'i.expires_at', 'b.name as book_name', 'u.first_name', 'u.email as inviter_email'])
    .where('i.token_hash', '=', tokenHash)
    .where('i.accepted_at', 'is', null)
    .where('i.expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Uses the invitation once: true only for the one caller whose update found it unused and
 * unexpired (the condition is in the update, so two accepts racing on two processes use it once).
 */
export async function useInvitation(db: Kysely<Database>, id: number, userId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('book_invitations')
    .set({ accepted_at: now, accepted_by: userId })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
