import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, createTestApp, registerUser } from '../../test/test-app';
import { findJob, insertJob } from './imports.repo';

describe(`the import worker on ${TEST_DB}`, () => {
  let t: TestApp;
  let userId: number;
  let bookId: number;
  let accountId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    const user = await registerUser(t.app, 'wakeup@example.com');
    userId = user.userId;
    bookId = user.bookId;
    accountId = await createAccount(t.app, user.token);
  });
  afterAll(() => t.close());

  it('looks at the queue again when kicked while it was looking, so a job queued meanwhile is taken', async () => {
    // The worker starts looking at the empty queue; an upload's kick arrives while it looks, and
    // its job is written after the look saw nothing (on SQLite the write waits for the look's
    // connection). Without another look the job would wait for the next upload.
    t.app.imports.kick();
    t.app.imports.kick();
    const { id } = await insertJob(t.database.db, {
      book_id: bookId,
      created_by: userId,
      account_id: accountId,
      file_name: 'late.csv',
      content: 'Date,Description,Amount\n11/02/2026,CORNER DELI,-8.40',
      status: 'queued',
      mapping: null,
      created_at: '2026-11-20T12:00:00.000Z',
    });
    await t.app.imports.idle();
    expect((await findJob(t.database.db, bookId, id))?.status).toBe('completed');
  });
});
