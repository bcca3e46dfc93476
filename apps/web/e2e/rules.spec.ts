/**
 * Issue 15, categorization rules: from a transaction's details a person creates a rule prefilled
 * from it, previews how many transactions it would change, applies it, then adds a second rule in
 * Settings → Rules, moves it above the first and removes the first.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { Screens } from './support/screens';
import { seedHousehold } from './support/seed-household';

test('rules: create from a transaction, preview and apply, reorder, remove', async ({ page }) => {
  const screens = new Screens('rules');
  const seeded = await seedHousehold(page, 'rules');
  const token = await page.evaluate(() => localStorage.getItem('mindspend.token'));
  const headers = { Authorization: `Bearer ${token ?? ''}` };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await page.request.post(`/api${path}`, { headers, data });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const day = (d: number) => `${seeded.year}-${String(seeded.month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const categories = (await (await page.request.get('/api/transactions/categories/expenses', { headers })).json()) as {
    subcategories: { id: number; name: string }[];
  }[];
  const shopping = categories.flatMap((category) => category.subcategories).find((sub) => sub.name === 'Online Shopping');
  expect(shopping).toBeDefined();
  const { id: amazon } = await post<{ id: number }>(`/accounts/${seeded.accountId}/entities`, { name: 'AMZN Mktp' });
  const { id: categorized } = await post<{ id: number }>(`/accounts/${seeded.accountId}/transactions`, {
    type: 'expense',
    amount: 25.99,
    date: day(2),
    entity_id: amazon,
    description: 'AMZN Mktp US*2K4',
    purpose: 'optional',
    emotion_names: ['neutral'],
    subcategories: [{ id: shopping?.id, amount: 25.99 }],
  });
  const others: number[] = [];
  for (const [amount, d] of [[12.5, 3], [48, 4], [7.25, 5]] as const) {
    const { id } = await post<{ id: number }>(`/accounts/${seeded.accountId}/transactions`, {
      type: 'expense',
      amount,
      date: day(d),
      entity_id: amazon,
      description: `AMZN Mktp US*${d}Q`,
    });
    others.push(id);
  }

  await test.step('open the transaction and create a rule from it, prefilled', async () => {
    await page.goto(`/ledger/view-transaction/${categorized}`);
    const details = page.getByRole('dialog', { name: 'Transaction Details' });
    await expect(details.getByTestId('details-entity')).toContainText('AMZN Mktp');
    await screens.shot(page, 'transaction-details');
    await details.getByRole('link', { name: 'Create rule' }).click();
    const form = page.getByRole('dialog', { name: 'New rule' });
    await expect(form.getByLabel('Condition 1 text')).toHaveValue('AMZN Mktp');
    await expect(form.getByLabel('Condition 1 field')).toHaveValue('payee');
    await expect(form.getByLabel('Condition 2 type')).toHaveValue('expense');
    await expect(form.getByRole('combobox', { name: 'Sub-category' })).toHaveValue(/Online Shopping/);
    await expect(form.getByLabel('Feeling')).toHaveValue('neutral');
    await expect(form.getByLabel('Purpose')).toHaveValue('optional');
    await screens.shot(page, 'rule-form-prefilled');
    await expectNoSeriousViolations(page, 'rule-form');
    await form.getByRole('button', { name: 'Save rule' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId('rule-sentence')).toHaveText(
      /^1\.If payee contains "AMZN Mktp" and it is an expense → .*Online Shopping · No strong feelings · Optional$/,
    );
    await screens.shot(page, 'one-rule');
  });

  await test.step('preview says how many transactions it changes; apply changes them', async () => {
    await page.getByTestId('rule-card').getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Apply to existing transactions' });
    await expect(preview.getByTestId('rule-preview-count')).toHaveText('Applies to 3 transactions');
    await expect(preview.getByTestId('rule-preview-sample').getByRole('row')).toHaveCount(4);
    await expect(preview.getByRole('cell', { name: '−$48.00' })).toBeVisible();
    await screens.shot(page, 'preview');
    await expectNoSeriousViolations(page, 'rule-preview');
    await preview.getByRole('button', { name: 'Apply' }).click();
    await expect(preview.getByTestId('rule-applied')).toHaveText('Updated 3 transactions.');
    await screens.shot(page, 'applied');
    await preview.getByRole('button', { name: 'Close', exact: true }).click();
    for (const id of others) {
      const transaction = (await (await page.request.get(`/api/transactions/${id}`, { headers })).json()) as {
        purpose: string;
        emotion_names: string[];
        subcategories: { name: string }[];
      };
      expect(transaction).toMatchObject({ purpose: 'optional', emotion_names: ['neutral'], subcategories: [{ name: 'Online Shopping' }] });
    }
  });

  await test.step('add a second rule from Settings, move it up, remove the first', async () => {
    await page.goto('/settings');
    await page.getByTestId('rules-card').getByRole('link', { name: 'Manage rules' }).click();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const form = page.getByRole('dialog', { name: 'New rule' });
    await form.getByRole('button', { name: 'Save rule' }).click();
    await expect(form.getByRole('alert')).toContainText('Type the text the rule looks for.');
    await form.getByLabel('Condition 1 text').fill('Corner Grocery');
    await form.getByRole('button', { name: 'Add condition' }).click();
    await form.getByLabel('Condition 2 lowest amount').fill('0');
    await form.getByLabel('Condition 2 highest amount').fill('150');
    await form.getByLabel('Purpose').selectOption('survival');
    await screens.shot(page, 'second-rule-form');
    await form.getByRole('button', { name: 'Save rule' }).click();
    await expect(form).toBeHidden();
    const sentences = page.getByTestId('rule-sentence');
    await expect(sentences).toHaveCount(2);
    await expect(sentences.nth(1)).toHaveText('2.If payee contains "Corner Grocery" and amount is $0.00 to $150.00 → Survival');

    await page.getByRole('button', { name: 'Move rule 2 up' }).click();
    await expect(sentences.nth(0)).toContainText('Corner Grocery');
    await expect(sentences.nth(1)).toContainText('AMZN Mktp');
    await screens.shot(page, 'reordered');
    await expectNoSeriousViolations(page, 'rules-list');

    const amazonCard = page.getByTestId('rule-card').nth(1);
    await amazonCard.getByRole('button', { name: 'Remove' }).click();
    await expect(amazonCard.getByRole('alertdialog', { name: 'Confirm removal' })).toBeVisible();
    await screens.shot(page, 'confirm-remove');
    await amazonCard.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(sentences).toHaveCount(1);
    await expect(sentences.first()).toContainText('Corner Grocery');
    await page.reload();
    await expect(page.getByTestId('rule-sentence')).toHaveCount(1);
    await screens.shot(page, 'after-remove');
  });
});
