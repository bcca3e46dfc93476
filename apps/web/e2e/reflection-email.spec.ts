/**
 * Issue 16, the monthly reflection e-mail: a person with last month's purchases turns the e-mail
 * on in Settings; the month's e-mail is sent the way an operator catches a month up (the built
 * `reflection-emails` command on the server's own data directory, DECISIONS.md #59); its HTML is
 * rendered in Chromium; and its unsubscribe link, followed without signing in, turns it off.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { uniqueEmail } from './support/app';
import { newestHtmlMailTo } from './support/outbox';
import { Screens } from './support/screens';

const PASSWORD = 'Reflect2024a';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Last month on this machine's clock (the browser's and the server's). */
function lastMonth(): { year: number; month: number } {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return { year: first.getFullYear(), month: first.getMonth() + 1 };
}

const dayOf = (ym: { year: number; month: number }, day: number) =>
  `${ym.year}-${String(ym.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A new user with last month's spending at three payees, feelings, purposes, targets and second looks. */
async function seedMonth(page: Page, email: string) {
  const now = new Date();
  const month = lastMonth();
  const register = await page.request.post('/api/register', {
    data: { plan: 'free', email, password: PASSWORD, password_confirmation: PASSWORD, timezone: -now.getTimezoneOffset() / 60 },
  });
  expect(register.status()).toBe(201);
  const { api_token: token, user } = (await register.json()) as { api_token: string; user: { id: number } };
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.patch(`/api/users/${user.id}`, { headers, data: { first_name: 'Robin' } })).ok()).toBe(true);
  expect((await page.request.post(`/api/users/${user.id}/budgetDefaults/stop`, { headers })).ok()).toBe(true);
  const account = await page.request.post('/api/accounts', {
    headers,
    data: { name: 'Everyday Checking', account_type_id: 2, most_recent_balance: { current_balance: 3000, date: dayOf(month, 1) } },
  });
  const { id: accountId } = (await account.json()) as { id: number };
  const payee = async (name: string) => {
    const response = await page.request.post(`/api/accounts/${accountId}/entities`, { headers, data: { name } });
    return ((await response.json()) as { id: number }).id;
  };
  const bar = await payee('<script>alert("bar")</script> Corner Bar');
  const shop = await payee('Gadget Shop');
  const grocer = await payee('Green Grocer');
  const spend = async (day: number, amount: number, entityId: number | null, purpose: string | null, feeling: string | null) => {
    const response = await page.request.post(`/api/accounts/${accountId}/transactions`, {
      headers,
      data: { type: 'expense', date: dayOf(month, day), amount, entity_id: entityId, purpose, emotion_names: feeling ? [feeling] : [] },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  await spend(2, 320.4, grocer, 'survival', 'neutral');
  const barNight = await spend(3, 85, bar, 'optional', 'positive');
  await spend(9, 42.5, bar, 'optional', 'negative');
  const gadget = await spend(12, 129.99, shop, 'optional', 'negative');
  await spend(15, 64, null, 'culture', null);
  for (const [id, feeling] of [
    [barNight, 'negative'],
    [gadget, 'positive'],
  ] as const) {
    expect((await page.request.patch(`/api/transactions/${id}`, { headers, data: { second_feeling: feeling } })).ok()).toBe(true);
  }
  const targets = await page.request.put('/api/purpose-targets', { headers, data: { survival: 50, optional: 25, culture: 15, unexpected: 10 } });
  expect(targets.ok()).toBe(true);
  const { user: refreshed } = (await (await page.request.get('/api/user', { headers })).json()) as { user: unknown };
  await page.goto('/login');
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('mindspend.token', storedToken);
      localStorage.setItem('mindspend.user', storedUser);
    },
    [token, JSON.stringify(refreshed)] as const,
  );
  return { token, month };
}

test('turn the reflection e-mail on, read last month in it, unsubscribe from its link', async ({ page, browser, baseURL }) => {
  const screens = new Screens('reflection-email');
  const email = uniqueEmail('reflects');
  const { token, month } = await seedMonth(page, email);

  await page.goto('/settings');
  const card = page.getByTestId('reflection-email-setting');
  const toggle = card.getByRole('switch', { name: 'Monthly reflection e-mail' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(card.getByText('The monthly reflection e-mail is on.')).toBeVisible();
  await expect(toggle).toBeChecked();
  await screens.element(card, 'settings-reflection-email-on');
  await expectNoSeriousViolations(page, 'settings with the reflection e-mail on');

  // The month is over, so the catch-up sends its e-mail now (the server's own job sends on the 1st).
  const monthKey = `${month.year}-${String(month.month).padStart(2, '0')}`;
  const { stdout } = await promisify(execFile)(process.execPath, ['apps/server/dist/reflection-emails.js', '--month', monthKey], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: process.env.E2E_DATA_DIR ?? '', APP_URL: baseURL ?? '', LOG_LEVEL: 'warn' },
  });
  expect(stdout).toMatch(/Reflection e-mails queued: [1-9]/);

  const monthName = MONTHS[month.month - 1] ?? '';
  const html = newestHtmlMailTo(email, `Your ${monthName} ${month.year} in Mindspend: how it felt`);
  // A context of its own, as a mail reader would show it: no session, no app.
  const mailReader = await browser.newContext({ viewport: { width: 720, height: 900 } });
  const mail = await mailReader.newPage();
  mail.on('dialog', () => {
    throw new Error('a script in the e-mail ran');
  });
  await mail.setContent(html);
  await expect(mail.getByRole('heading', { name: `Your ${monthName} ${month.year}, looked back on` })).toBeVisible();
  await expect(mail.getByText('Hi Robin,')).toBeVisible();
  await expect(mail.getByText('You spent $641.89 over 5 expenses.')).toBeVisible();
  // The payee's name is shown as the text it is, never run.
  await expect(mail.getByRole('cell', { name: '<script>alert("bar")</script> Corner Bar' })).toBeVisible();
  await expect(mail.getByText(/1 purchase did not feel like a regret at first/)).toBeVisible();
  await expect(mail.getByRole('link', { name: 'Write your reflection' })).toBeVisible();
  await screens.shot(mail, 'reflection-email-html');
  await expectNoSeriousViolations(mail, "the reflection e-mail's HTML");

  const unsubscribe = await mail.getByRole('link', { name: 'Unsubscribe' }).getAttribute('href');
  expect(unsubscribe).toContain(`${baseURL}/api/reflection-email/unsubscribe?token=`);
  await mailReader.close();

  // Followed from a mail reader: a browser without the session.
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  await visitor.goto(unsubscribe ?? '');
  await expect(visitor.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(visitor.getByText('You will no longer receive the monthly reflection e-mail.')).toBeVisible();
  await screens.shot(visitor, 'unsubscribed-page');
  await expectNoSeriousViolations(visitor, 'the unsubscribed page');
  await visitor.goto(`${unsubscribe ?? ''}x`);
  await expect(visitor.getByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeVisible();
  await screens.shot(visitor, 'unsubscribe-link-not-valid');
  await stranger.close();

  const me = (await (await page.request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    user: { reflection_email: boolean };
  };
  expect(me.user.reflection_email).toBe(false);
  // Settings shows it off too, though the sign-in's copy of the user still said on.
  await page.goto('/settings');
  await expect(page.getByTestId('reflection-email-setting').getByRole('switch', { name: 'Monthly reflection e-mail' })).not.toBeChecked();
  await screens.element(page.getByTestId('reflection-email-setting'), 'settings-after-unsubscribing');
});
