/**
 * Issue 33 (DECISIONS.md #107, #108, #114): a new person with a recorded purchase photographs its
 * receipt on the phone, sees the purchase prefilled and offered as the match, says how it felt and
 * attaches the photo with one tap; the purchase's Edit Transaction then shows the thumbnail, takes a
 * PDF beside it, says in words why a text file is refused, and removes the PDF after asking; the
 * photo is then in the tax and warranty export of the purchase's sub-category (DECISIONS.md #113).
 * The receipt is rendered in the test (scripts/support/receipt-image.ts) with the same total and
 * day as the purchase; it is read by the server's OCR worker, which takes a few seconds.
 */
import { expect, test, type Page } from '@playwright/test';
import { SAMPLE_RECEIPTS, receiptPhoto } from '../../../scripts/support/receipt-image';
import { expectNoSeriousViolations } from './support/accessibility';
import { addAccountByApi, registerByApi, signInByToken } from './support/api-user';
import { motionSettled } from './support/motion';
import { Screens } from './support/screens';
import { unzip } from './support/zip';

const PASSWORD = 'Receipts2026a';
const GROCERY = SAMPLE_RECEIPTS[0]!;
const MATCH = 'Attach to Corner Grocery Co · $11.59 · Mar 14, 2026';

/** A one-page PDF with a line of text, as a scanned warranty would be sent. */
function warrantyPdf(): Buffer {
  const stream = 'BT /F1 18 Tf 72 720 Td (Warranty: 2 years) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Screenshots of the page in light and dark, each checked by axe (serious or critical fails). */
async function inBothSchemes(page: Page, screens: Screens, step: string): Promise<void> {
  await motionSettled(page);
  await expectNoSeriousViolations(page, `${step} (light)`);
  await screens.shot(page, `${step}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await motionSettled(page);
  await expectNoSeriousViolations(page, `${step} (dark)`);
  await screens.shot(page, `${step}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
}

test('a photographed receipt is matched to the recorded purchase, attached, shown in Edit Transaction with a PDF, and found in the tax export', async ({ page }) => {
  // The OCR worker starts on the first receipt and reads it in a few seconds on a shared core.
  test.setTimeout(240_000);
  const screens = new Screens('receipt-capture');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  const user = await registerByApi(page, { prefix: 'receipt-capture', password: PASSWORD });
  const account = await addAccountByApi(page, user, { name: 'Everyday Checking', typeId: 2, balance: 900, date: '2026-01-01' });
  const entity = await page.request.post(`/api/accounts/${account}/entities`, { headers: user.headers, data: { name: 'Corner Grocery Co' } });
  expect(entity.status()).toBe(201);
  const entityId = ((await entity.json()) as { id: number }).id;
  const categories = (await (await page.request.get('/api/transactions/categories/expenses', { headers: user.headers })).json()) as Array<{
    subcategories: Array<{ id: number; name: string }>;
  }>;
  const groceries = categories.flatMap((category) => category.subcategories).find((sub) => sub.name === 'Groceries');
  expect(groceries).toBeDefined();
  const purchase = await page.request.post(`/api/accounts/${account}/transactions`, {
    headers: user.headers,
    data: { type: 'expense', amount: 11.59, date: GROCERY.expected.date, entity_id: entityId, subcategories: [{ id: groceries?.id }] },
  });
  expect(purchase.status()).toBe(201);
  const purchaseId = ((await purchase.json()) as { id: number }).id;
  const photo = await receiptPhoto(GROCERY.lines, { rotation: 0, noise: 0, format: 'png' });
  await signInByToken(page, user);

  await test.step('the ledger offers Scan a receipt, which opens the capture screen with the camera', async () => {
    await page.goto('/ledger');
    const scan = page.getByRole('link', { name: 'Scan a receipt' });
    await expect(scan).not.toHaveAttribute('aria-disabled', 'true');
    await scan.click();
    await expect(page).toHaveURL(/\/capture$/);
    await expect(page.getByRole('heading', { name: 'Scan a receipt' })).toBeVisible();
    await expect(page.locator('input[type="file"][capture="environment"]')).toHaveAttribute('accept', 'image/*');
    await inBothSchemes(page, screens, 'capture-375');
  });

  await test.step('the receipt is read: the feeling asked first, the purchase offered as the match', async () => {
    await page.locator('input[type="file"]:not([capture])').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: photo });
    const match = page.getByRole('button', { name: MATCH });
    await expect(match).toBeVisible({ timeout: 90_000 });
    const review = page.getByTestId('receipt-review');
    // The feeling question comes before the choices.
    const feelingTop = (await review.getByText('How did this purchase feel?').boundingBox())?.y ?? Infinity;
    const matchTop = (await match.boundingBox())?.y ?? -Infinity;
    expect(feelingTop).toBeLessThan(matchTop);
    await inBothSchemes(page, screens, 'matched-375');
  });

  await test.step('Create a new transaction shows the form prefilled from the receipt', async () => {
    await page.getByRole('button', { name: 'Create a new transaction' }).click();
    const form = page.getByRole('form', { name: 'New transaction from the receipt' });
    await expect(form.getByLabel('Amount')).toHaveValue('11.59');
    await expect(form.getByLabel('Date')).toHaveValue('3/14/2026');
    await expect(form.getByLabel('Merchant')).toHaveValue('Corner Grocery Co');
    await expect(form.getByRole('combobox', { name: 'Where did you spend the money?' })).toHaveValue('Corner Grocery Co');
    await expect(page.getByTestId('unread-fields')).toHaveCount(0);
    await inBothSchemes(page, screens, 'prefilled-375');
  });

  await test.step('how it felt, then one tap attaches the photo to the recorded purchase', async () => {
    await page.getByRole('button', { name: 'Felt good' }).click();
    await page.getByRole('button', { name: MATCH }).click();
    await expect(page.getByTestId('capture-done')).toHaveText('Attached the photo to Corner Grocery Co · $11.59 · Mar 14, 2026.');
    await screens.shot(page, 'attached-375');
    const listed = await page.request.get(`/api/transactions/${purchaseId}/attachments`, { headers: user.headers });
    const { attachments } = (await listed.json()) as { attachments: Array<{ file_name: string; media_type: string }> };
    expect(attachments).toEqual([expect.objectContaining({ file_name: 'receipt.png', media_type: 'image/png' })]);
  });

  await test.step('Edit Transaction shows the thumbnail and the feeling chosen', async () => {
    await page.getByRole('link', { name: 'Open the purchase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    await expect(dialog.getByRole('button', { name: 'Felt good' })).toHaveAttribute('aria-pressed', 'true');
    const thumbnail = dialog.getByRole('img', { name: 'Thumbnail of receipt.png' });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });

  await test.step('a PDF is attached beside it; a text file is refused in words', async () => {
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    const picker = dialog.locator('input[type="file"]');
    await expect(picker).toHaveAttribute('multiple', '');
    await picker.setInputFiles({ name: 'warranty.pdf', mimeType: 'application/pdf', buffer: warrantyPdf() });
    const files = dialog.getByTestId('attachment');
    await expect(files).toHaveCount(2);
    await expect(dialog.getByRole('img', { name: 'PDF document' })).toBeVisible();
    await expect(dialog.getByText('PDF document ·')).toBeVisible();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'warranty.pdf', exact: true }).click();
    expect((await download).suggestedFilename()).toBe('warranty.pdf');
    await dialog.getByTestId('attachments-section').scrollIntoViewIfNeeded();
    await inBothSchemes(page, screens, 'edit-attachments-375');

    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a receipt') });
    await expect(dialog.getByRole('alert')).toContainText('Only photos (JPEG, PNG, WebP) and PDF documents can be attached');
    await expect(files).toHaveCount(2);
  });

  await test.step('the PDF is removed after a second question', async () => {
    const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
    await dialog.getByRole('button', { name: 'Remove warranty.pdf' }).click();
    await expect(dialog.getByRole('alertdialog', { name: 'Confirm removal' })).toContainText('Remove warranty.pdf?');
    await dialog.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(dialog.getByTestId('attachment')).toHaveCount(1);
    await expect(dialog.getByRole('img', { name: 'Thumbnail of receipt.png' })).toBeVisible();
  });

  await test.step('the same at 1280 px', async () => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await inBothSchemes(page, screens, 'edit-attachments-1280');
    await page.goto('/capture');
    await expect(page.getByRole('heading', { name: 'Scan a receipt' })).toBeVisible();
    await inBothSchemes(page, screens, 'capture-1280');
  });

  await test.step("the photo is in the tax and warranty export of the purchase's sub-category", async () => {
    const listed = await page.request.get(`/api/transactions/${purchaseId}/attachments`, { headers: user.headers });
    const [attached] = ((await listed.json()) as { attachments: Array<{ id: number; file_name: string }> }).attachments;
    expect(attached?.file_name).toBe('receipt.png');
    const served = await (await page.request.get(`/api/attachments/${attached?.id}`, { headers: user.headers })).body();
    await page.goto('/settings');
    const card = page.getByTestId('tax-export-card');
    await card.getByLabel('From').fill('2026-01-01');
    await card.getByLabel('To').fill('2026-12-31');
    const box = card.locator('input[placeholder="Choose one or more"]').first();
    await box.click();
    await box.fill('Groceries');
    await page.getByRole('option', { name: 'Groceries' }).click();
    await page.keyboard.press('Escape');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download' }).click()]);
    const zipPath = test.info().outputPath('tax.zip');
    await download.saveAs(zipPath);
    const entries = await unzip(zipPath);
    const entry = `files/${attached?.id}-receipt.png`;
    expect(entries.get(entry)?.equals(served), 'the attached photo, byte for byte').toBe(true);
    const rows = entries.get('tax-export.csv')?.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(rows?.[1]).toBe(`${GROCERY.expected.date},Corner Grocery Co,-11.59,USD,Groceries,,${entry}`);
  });
});
