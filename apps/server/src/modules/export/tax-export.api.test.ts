/**
 * The tax and warranty export on SQLite and PostgreSQL, with both attachment stores (DECISIONS.md
 * #113): the CSV's rows, amounts, names and escaping, the files in the zip byte for byte, and every
 * bad query refused with a sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, type TestStore, startTestStore } from '../../test/attachment-stores';
import { createAccount, createEntity, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { pdf, png } from '../../test/sample-files';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { multipartBody } from '../../test/uploads';
import { unzip } from '../../test/zip-files';

interface AttachmentJson {
  id: number;
  file_name: string;
}

describe.each(STORE_KINDS)(`the tax and warranty export in a %s on ${TEST_DB}`, (kind) => {
  let store: TestStore;
  let t: TestApp;
  let token: string;
  let ids: Record<string, number>;
  let drillFiles: AttachmentJson[];
  const originals = new Map<number, Buffer>();

  const exportZip = (query: string, as = token) => asUser(t.app, as, { method: 'GET', url: `/api/export/tax.zip?${query}` });

  beforeAll(async () => {
    store = await startTestStore(kind);
    t = await createTestApp(store.overrides);
    await t.app.attachmentSweep.stop();
    ({ token } = await registerUser(t.app, `tax-${kind}@example.com`));
    ids = await subcategoryIds(t.app, token);
    const account = await createAccount(t.app, token);
    const shop = await createEntity(t.app, token, account, 'Hardware Store');
    const grocer = await createEntity(t.app, token, account, 'Grocer, "Fresh"');
    const add = (payload: Record<string, unknown>) => createTransaction(t.app, token, account, payload);
    const drill = await add({ date: '2026-03-10', amount: 249.99, entity_id: shop, notes: '=HYPERLINK("x")', subcategories: [{ id: ids['Household Supplies'] }] });
    await add({ date: '2026-04-01', amount: 60, entity_id: grocer, subcategories: [{ id: ids.Groceries, amount: 40 }, { id: ids['Dining Out'], amount: 20 }] });
    await add({ date: '2025-12-31', amount: 10, description: 'Last year', subcategories: [{ id: ids['Household Supplies'] }] });
    await add({ date: '2026-05-01', amount: 30, description: 'Not chosen', subcategories: [{ id: ids['Dining Out'] }] });
    await add({ date: '2026-06-15', amount: 12.5, description: '+refund', type: 'income', subcategories: [{ id: ids.Paycheck }] });
    const body = multipartBody({}, [
      { name: 'drill receipt.png', type: 'image/png', content: await png(50, 30) },
      { name: 'warranty.pdf', type: 'application/pdf', content: pdf() },
    ]);
    const uploaded = await asUser(t.app, token, { method: 'POST', url: `/api/transactions/${drill}/attachments`, headers: body.headers, payload: body.payload });
    drillFiles = uploaded.json<{ attachments: AttachmentJson[] }>().attachments;
    for (const file of drillFiles) originals.set(file.id, (await asUser(t.app, token, { method: 'GET', url: `/api/attachments/${file.id}` })).rawPayload);
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  it('answers a zip of the CSV and the chosen transactions’ files', async () => {
    const response = await exportZip(`from=2026-01-01&to=2026-12-31&category_ids=${ids['Household Supplies']},${ids.Groceries},${ids.Paycheck}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="mindspend-tax-export-2026-01-01-to-2026-12-31.zip"');
    const entries = await unzip(response.rawPayload);
    const [png, pdfFile] = drillFiles;
    const pngEntry = `files/${png?.id}-drill receipt.png`;
    const pdfEntry = `files/${pdfFile?.id}-warranty.pdf`;
    expect([...entries.keys()].sort()).toEqual([pdfEntry, pngEntry, 'tax-export.csv'].sort());
    expect(entries.get(pngEntry)?.equals(originals.get(png?.id ?? 0) ?? Buffer.alloc(0))).toBe(true);
    expect(entries.get(pdfEntry)?.equals(originals.get(pdfFile?.id ?? 0) ?? Buffer.alloc(0))).toBe(true);
    expect(entries.get('tax-export.csv')?.toString('utf8')).toBe(
      [
        '\uFEFFDate,Payee,Amount,Currency,Sub-category,Notes,Files',
        // Notes starting with = are defused; only the chosen line of a split counts.
        `2026-03-10,Hardware Store,-249.99,USD,Household Supplies,"'=HYPERLINK(""x"")",${pngEntry}; ${pdfEntry}`,
        '2026-04-01,"Grocer, ""Fresh""",-40.00,USD,Groceries,,',
        // Income is positive; a payee-less row shows its description, defused too.
        "2026-06-15,'+refund,12.50,USD,Paycheck,,",
        '',
      ].join('\r\n'),
    );
  });

  it('writes amounts in the book’s currency with its own decimals', async () => {
    const { token: yen } = await registerUser(t.app, `tax-yen-${kind}@example.com`);
    const bookId = (await asUser(t.app, yen, { method: 'GET', url: '/api/books' })).json<{ books: Array<{ id: number }> }>().books[0]?.id;
    expect((await asUser(t.app, yen, { method: 'PATCH', url: `/api/books/${bookId}`, payload: { base_currency: 'JPY' } })).statusCode).toBe(200);
    const account = await createAccount(t.app, yen);
    await createTransaction(t.app, yen, account, { date: '2026-02-02', amount: 1234, description: 'Kettle', subcategories: [{ id: ids['Household Supplies'] }] });
    const entries = await unzip((await exportZip(`from=2026-01-01&to=2026-12-31&category_ids=${ids['Household Supplies']}`, yen)).rawPayload);
    expect(entries.get('tax-export.csv')?.toString('utf8')).toContain('2026-02-02,Kettle,-1234,JPY,Household Supplies,,');
  });

  it('answers a CSV with its header only when nothing matches', async () => {
    const entries = await unzip((await exportZip(`from=2020-01-01&to=2020-12-31&category_ids=${ids.Groceries}`)).rawPayload);
    expect([...entries.keys()]).toEqual(['tax-export.csv']);
    expect(entries.get('tax-export.csv')?.toString('utf8')).toBe('\uFEFFDate,Payee,Amount,Currency,Sub-category,Notes,Files\r\n');
  });

  it('refuses bad ranges and lists with a sentence', async () => {
    const refused = async (query: string, message: string) => {
      const response = await exportZip(query);
      expect(response.statusCode).toBe(422);
      expect(JSON.stringify(response.json())).toContain(message);
    };
    const sub = ids.Groceries;
    await refused(`from=2026-12-31&to=2026-01-01&category_ids=${sub}`, 'The start date must be on or before the end date.');
    await refused(`from=2010-01-01&to=2026-01-01&category_ids=${sub}`, 'An export covers at most 10 years; choose a shorter range.');
    await refused(`from=2026-02-30&to=2026-03-01&category_ids=${sub}`, 'The date must be a real date written YYYY-MM-DD.');
    await refused('from=2026-01-01&to=2026-03-01&category_ids=', 'Choose at least one sub-category to export.');
    await refused('from=2026-01-01&to=2026-03-01&category_ids=1;DROP', 'The sub-categories must be a comma-separated list of ids, e.g. 12,15.');
    await refused('from=2026-01-01&to=2026-03-01&category_ids=99999999', 'A chosen sub-category is not one of this book’s.');
    await refused('from=2026-01-01&to=2026-03-01', 'category_ids');
    expect((await t.app.inject({ method: 'GET', url: `/api/export/tax.zip?from=2026-01-01&to=2026-03-01&category_ids=${sub}` })).statusCode).toBe(401);
  });

  it('refuses another book’s own sub-category, and exports nothing of another person', async () => {
    const { token: other } = await registerUser(t.app, `tax-other-${kind}@example.com`);
    const [book] = (await asUser(t.app, other, { method: 'GET', url: '/api/books' })).json<{ books: Array<{ id: number }> }>().books;
    const db = t.database.db;
    const category = await db.insertInto('categories').values({ book_id: book?.id ?? 0, name: 'Their tools', type: 'expense' }).returning('id').executeTakeFirstOrThrow();
    const theirs = await db
      .insertInto('subcategories')
      .values({ book_id: book?.id ?? 0, category_id: category.id, name: 'Their drills', emoji: '', type: 'expense' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await exportZip(`from=2026-01-01&to=2026-12-31&category_ids=${ids.Groceries},${theirs.id}`);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toBe('A chosen sub-category is not one of this book’s.');
    // The other person's export of the same sub-categories finds none of this person's rows or files.
    const entries = await unzip((await exportZip(`from=2026-01-01&to=2026-12-31&category_ids=${ids['Household Supplies']}`, other)).rawPayload);
    expect([...entries.keys()]).toEqual(['tax-export.csv']);
    expect(entries.get('tax-export.csv')?.toString('utf8').split('\r\n')).toHaveLength(2);
  });
});
