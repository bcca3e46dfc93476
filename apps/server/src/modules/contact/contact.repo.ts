/** SQL of the contact module: the messages people send to support. */
import type { Insertable, Kysely } from 'kysely';
import type { ContactMessagesTable, Database } from '../../db/schema';

export async function insertContactMessage(db: Kysely<Database>, values: Insertable<ContactMessagesTable>): Promise<void> {
  await db.insertInto('contact_messages').values(values).execute();
}
