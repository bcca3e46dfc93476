/**
 * Issue 33 (DECISIONS.md #113): a new user with a receipt on a transaction downloads the tax and
 * warranty export from Settings and finds the transaction's CSV row and its file in the zip; then
 * downloads the backup zip and restores it, file and all, into a second new account.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addAccountByApi, registerByApi, signInByToken, type ApiUser } from './support/api-user';
import { Screens } from './support/screens';
import { unzip } from './support/zip';
import { PHONE, WIDE, expectNoSidewaysScroll } from './support/widths';

const PASSWORD = 'Receipts2026a';
// A 1x1 PNG: the server re-encodes it, so the file to find is the one it serves back.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await expect(page.getByTestId('tax-export-card')).toBeVisible();
}

test('tax and warranty export, and the backup zip restored with its file', async ({ page }) => {
  const screens = new Screens('tax-export');
  let user: ApiUser;
  let receipt: Buffer = Buffer.alloc(0);
  let attachmentId = 0;

  await test.step('a new user adds a transaction and attaches a receipt', async () => {
    user = await registerByApi(page, { prefix: 'tax', password: PASSWORD });
    const account = await addAccountByApi(page, user, { name: 'Everyday Checking', typeId: 2, balance: 1000, date: '2026-01-02' });
    const categories = (await (await page.request.get('/api/transactions/categories/expenses', { headers: user.headers })).json()) as Array<{ subcategories: Array<{ id: number; name: string }> }>;
    const household = categories.flatMap((category) => category.subcategories).find((sub) => sub.name === 'Household Supplies');
    const created = await page.request.post(`/api/accounts/${account}/transactions`, {
      headers: user.headers,
      data: { type: 'expense', amount: 249.99, date: '2026-03-10', description: 'Cordless drill', notes: '2-year warranty', subcategories: [{ id: household?.id }] },
    });
    expect(created.status()).toBe(201);
    const transactionId = ((await created.json()) as { id: number }).id;
    const attached = await page.request.post(`/api/transactions/${transactionId}/attachments`, {
      headers: user.headers,
      multipart: { file: { name: 'drill-receipt.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(attached.status()).toBe(201);
    attachmentId = ((await attached.json()) as { attachments: Array<{ id: number }> }).attachments[0]?.id ?? 0;
    receipt = await (await page.request.get(`/api/attachments/${attachmentId}`, { headers: user.headers })).body();
    await signInByToken(page, user);
    await openSettings(page);
  });

  const card = page.getByTestId('tax-export-card');
  await test.step('the card says what is missing before downloading', async () => {
    await card.getByRole('button', { name: 'Download' }).click();
    await expect(card.getByText('Choose at least one sub-category to export.')).toBeVisible();
  });

  await test.step('choose the year and Household Supplies, download, find the row and the receipt', async () => {
    await card.getByLabel('From').fill('2026-01-01');
    await card.getByLabel('To').fill('2026-12-31');
    const box = card.getByRole('textbox', { name: 'Sub-categories' }).or(card.locator('input[placeholder="Choose one or more"]')).first();
    await box.click();
    await box.fill('Household');
    await page.getByRole('option', { name: 'Household Supplies' }).click();
    await page.keyboard.press('Escape');
    // A changed choice clears the sentences about the last one.
    await expect(card.getByText('Choose at least one sub-category to export.')).toBeHidden();
    await card.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, WIDE.width);
    await screens.part(page, card, 'tax-export-1280');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, PHONE.width);
    await screens.part(page, card, 'tax-export-375');
    await page.setViewportSize(WIDE);
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('mindspend-tax-export-2026-01-01-to-2026-12-31.zip');
    const zipPath = test.info().outputPath('tax.zip');
    await download.saveAs(zipPath);
    const entries = await unzip(zipPath);
    const entry = `files/${attachmentId}-drill-receipt.png`;
    expect(entries.get(entry)?.equals(receipt)).toBe(true);
    const csv = entries.get('tax-export.csv')?.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(csv?.[0]).toBe('Date,Payee,Amount,Currency,Sub-category,Notes,Files');
    expect(csv?.[1]).toBe(`2026-03-10,Cordless drill,-249.99,USD,Household Supplies,2-year warranty,${entry}`);
  });

  let backupPath = '';
  await test.step('download the backup zip', async () => {
    const section = page.getByTestId('export-section');
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download backup (zip)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^mindspend-backup-\d{4}-\d{2}-\d{2}\.zip$/);
    backupPath = test.info().outputPath('backup.zip');
    await download.saveAs(backupPath);
    const entries = await unzip(backupPath);
    expect(entries.get(`attachments/${attachmentId}/drill-receipt.png`)?.equals(receipt)).toBe(true);
    expect(readFileSync(backupPath).length).toBeGreaterThan(receipt.length);
  });

  await test.step('restore it into a second new account: the transaction has its receipt', async () => {
    const second = await registerByApi(page, { prefix: 'tax-restored', password: PASSWORD });
    await signInByToken(page, second);
    await openSettings(page);
    const section = page.getByTestId('export-section');
    await section.locator('input[type=file]').setInputFiles(backupPath);
    await expect(section.getByTestId('restore-done')).toContainText('Backup restored.');
    await expect(section.getByTestId('restore-done')).toContainText('1 transaction');
    await expect(section.getByTestId('restore-done')).toContainText('1 attached file with them.');
    await screens.part(page, section, 'restored-1280');
    await page.setViewportSize(PHONE);
    await screens.part(page, section, 'restored-375');
    await page.setViewportSize(WIDE);
    const backup = (await (await page.request.get('/api/export/backup.json', { headers: second.headers })).json()) as { transactions: Array<{ id: number }> };
    const [transaction] = backup.transactions;
    const files = (await (await page.request.get(`/api/transactions/${transaction?.id}/attachments`, { headers: second.headers })).json()) as { attachments: Array<{ id: number; file_name: string }> };
    expect(files.attachments.map((file) => file.file_name)).toEqual(['drill-receipt.png']);
    const restored = await (await page.request.get(`/api/attachments/${files.attachments[0]?.id}`, { headers: second.headers })).body();
    expect(restored.equals(receipt)).toBe(true);
  });
});
