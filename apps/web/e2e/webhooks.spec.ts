/**
 * Outbound webhooks (issue 35, DECISIONS.md #94) as an owner meets them in Settings. On the shared
 * production server a receiver on this machine is refused, saying why. On a server of the spec's
 * own whose operator lets webhooks reach its network (WEBHOOKS_ALLOW_PRIVATE_NETWORK, a receiver on
 * the LAN) the owner adds a webhook to a receiver the
 * test runs on 127.0.0.1, copies the secret shown once, types a purchase in the ledger, and the
 * receiver gets it signed with that secret; the delivery log in Settings says it was delivered.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/app';
import { startOwnServer, type OwnServer } from './support/own-server';
import { Screens } from './support/screens';

const PASSWORD = 'Hooks2024a';

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
}

/** A receiver on 127.0.0.1 that answers 200 and keeps what it got. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, raw });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mindspend`, received, server };
}

/** A new user (the budget wizard stopped) with a checking account, signed in through local storage. */
async function seedOwner(page: Page, baseUrl: string): Promise<void> {
  const register = await page.request.post(`${baseUrl}/api/register`, {
    data: { plan: 'free', email: uniqueEmail('hooks'), password: PASSWORD, password_confirmation: PASSWORD, timezone: -new Date().getTimezoneOffset() / 60 },
  });
  expect(register.status()).toBe(201);
  const { api_token: token, user } = (await register.json()) as { api_token: string; user: { id: number } };
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.post(`${baseUrl}/api/users/${user.id}/budgetDefaults/stop`, { headers })).ok()).toBe(true);
  const today = new Date().toISOString().slice(0, 10);
  const account = await page.request.post(`${baseUrl}/api/accounts`, {
    headers,
    data: { name: 'Everyday Checking', account_type_id: 2, most_recent_balance: { current_balance: 900, date: today } },
  });
  expect(account.status()).toBe(201);
  const { user: refreshed } = (await (await page.request.get(`${baseUrl}/api/user`, { headers })).json()) as { user: unknown };
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('mindspend.token', storedToken);
      localStorage.setItem('mindspend.user', storedUser);
    },
    [token, JSON.stringify(refreshed)] as const,
  );
}

async function openWebhooks(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/settings`);
  const section = page.getByTestId('webhooks-section');
  await expect(section.getByText('No webhooks yet.').or(section.getByTestId('webhook-list'))).toBeVisible();
  return section;
}

test('a production server refuses a webhook to this machine, saying why', async ({ page, baseURL }) => {
  const screens = new Screens('webhooks-production');
  await seedOwner(page, baseURL ?? '');
  const section = await openWebhooks(page, baseURL ?? '');
  await section.getByLabel('Send events to').fill('http://127.0.0.1:9/mindspend');
  await section.getByRole('button', { name: 'Add webhook' }).click();
  await expect(section.getByText('Webhooks are sent over https:// only: use an https:// URL.')).toBeVisible();
  await section.getByLabel('Send events to').fill('https://127.0.0.1/mindspend');
  await section.getByRole('button', { name: 'Add webhook' }).click();
  await expect(section.getByText('This address is inside a private network (or this server itself); webhooks are only sent to public addresses.')).toBeVisible();
  await expect(section.getByText('No webhooks yet.')).toBeVisible();
  await screens.element(section, 'private-address-refused');
});

test.describe('on a server that lets webhooks reach its own network', () => {
  let server: OwnServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  test.beforeAll(async () => {
    server = await startOwnServer({ WEBHOOKS_ALLOW_PRIVATE_NETWORK: 'true', LOG_LEVEL: 'warn' });
    receiver = await startReceiver();
  });
  test.afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => receiver?.server.close(() => resolve()));
  });

  test('an owner adds a webhook, a purchase reaches it signed, and the log says delivered', async ({ page }) => {
    const screens = new Screens('webhooks');
    await seedOwner(page, server.baseUrl);
    const section = await openWebhooks(page, server.baseUrl);
    let secret = '';

    await test.step('add a webhook for new transactions; the secret is shown once', async () => {
      await section.getByLabel('Send events to').fill(receiver.url);
      for (const name of ['A transaction is changed', 'A transaction is deleted']) await section.getByRole('checkbox', { name }).uncheck();
      await section.getByRole('button', { name: 'Add webhook' }).click();
      const shown = section.getByTestId('new-webhook-value');
      await expect(shown).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
      secret = (await shown.textContent()) ?? '';
      await expect(section.getByTestId('webhook-list')).toContainText(receiver.url);
      await expect(section.getByTestId('webhook-list')).toContainText('Nothing sent yet');
      await screens.element(section, 'webhook-added-1280');
      await page.setViewportSize({ width: 375, height: 812 });
      await screens.element(section, 'webhook-added-375');
      await page.setViewportSize({ width: 1280, height: 860 });
      await section.getByRole('button', { name: 'Done' }).click();
      await expect(section.getByTestId('new-webhook')).toBeHidden();
    });

    await test.step('a purchase typed in the ledger reaches the receiver, signed with that secret', async () => {
      await page.goto(`${server.baseUrl}/ledger`);
      await page.getByRole('link', { name: 'Add Transaction' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Transaction' });
      await dialog.getByRole('radio', { name: 'Expense' }).check();
      await dialog.getByLabel('Amount', { exact: true }).fill('23.40');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
      const [delivery] = receiver.received;
      const body = JSON.parse(delivery?.raw ?? '{}') as { event: string; data: { amount: number; currency: string } };
      expect(body).toMatchObject({ event: 'transaction.created', data: { amount: 23.4, currency: 'USD' } });
      const [, timestamp, digest] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery?.headers['mindspend-signature'])) ?? [];
      expect(createHmac('sha256', secret).update(`${timestamp}.${delivery?.raw}`).digest('hex')).toBe(digest);
    });

    await test.step('the delivery log says it was delivered', async () => {
      const settings = await openWebhooks(page, server.baseUrl);
      await expect(settings.getByTestId('webhook-list')).toContainText('Last event delivered (200)');
      await settings.getByRole('button', { name: `Deliveries of ${receiver.url}` }).click();
      const log = settings.locator('[data-testid^="webhook-deliveries-"]');
      await expect(log.getByRole('row')).toHaveCount(2);
      await expect(log).toContainText('transaction.created');
      await expect(log).toContainText('Delivered');
      await expect(log).toContainText('Answered 200');
      await screens.element(settings, 'delivery-log');
    });

    await test.step('turned off, it sends nothing more', async () => {
      const settings = page.getByTestId('webhooks-section');
      const sending = settings.getByRole('switch', { name: `Send events to ${receiver.url}` });
      // The switch follows the server's answer, not the click alone.
      await sending.click({ force: true });
      await expect(sending).not.toBeChecked();
      await expect(settings.getByText('Off', { exact: true })).toBeVisible();
      const token = await page.evaluate(() => localStorage.getItem('mindspend.token'));
      const accounts = (await (await page.request.get(`${server.baseUrl}/api/accounts`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: number }[];
      const write = await page.request.post(`${server.baseUrl}/api/accounts/${accounts[0]?.id}/transactions`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { type: 'expense', amount: 5, date: new Date().toISOString().slice(0, 10) },
      });
      expect(write.status()).toBe(201);
      await page.waitForTimeout(6_000);
      expect(receiver.received).toHaveLength(1);
      await screens.element(settings, 'turned-off');
    });
  });
});
