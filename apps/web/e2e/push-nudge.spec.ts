/**
 * Issue 30, "a delivered push's action records a feeling" (DECISIONS.md #103). A new person opens
 * Settings → Notifications and turns them on for this browser: headless Chromium has no push
 * service, so the page must say so in the browser's words. Then, as a phone would, a device is
 * subscribed through the API with keys the test makes, its endpoint on a stand-in push service on
 * 127.0.0.1 (the server helper's, which checks the VAPID signature and decrypts the payload); a
 * statement import lands a purchase without a feeling; the nudge reaches the stand-in; its
 * plaintext is handed to the page's service worker with Chromium's ServiceWorker.deliverPushMessage;
 * the notification shows the feelings as buttons, and "Felt good" on it records the feeling without
 * the app, as the API and the ledger then show.
 *
 * The server is one of the spec's own: the shared one runs in production, which refuses endpoints
 * on this machine; WEBHOOKS_ALLOW_PRIVATE_NETWORK (the operator's switch for a LAN, which push
 * nudges share with webhooks) lets it call the stand-in.
 */
import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { FakePushService } from '../../server/src/test/fake-push-service';
import { uniqueEmail } from './support/app';
import { startOwnServer, type OwnServer } from './support/own-server';
import { Screens } from './support/screens';
import { PHONE, WIDE, expectNoSidewaysScroll } from './support/widths';

const PASSWORD = 'Nudges2024a';

interface Seeded {
  headers: { Authorization: string };
  accountId: number;
}

/** A new person (the budget wizard stopped) with a checking account, signed in on the page. */
async function seedPerson(page: Page, baseUrl: string): Promise<Seeded> {
  const register = await page.request.post(`${baseUrl}/api/register`, {
    data: { plan: 'free', email: uniqueEmail('nudge'), password: PASSWORD, password_confirmation: PASSWORD, timezone: -new Date().getTimezoneOffset() / 60 },
  });
  expect(register.status()).toBe(201);
  const { api_token: token, user } = (await register.json()) as { api_token: string; user: { id: number } };
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.post(`${baseUrl}/api/users/${user.id}/budgetDefaults/stop`, { headers })).ok()).toBe(true);
  const firstOfMonth = new Date(new Date().getFullYear(), new Date().getMonth(), 1);
  const account = await page.request.post(`${baseUrl}/api/accounts`, {
    headers,
    data: { name: 'Everyday Checking', account_type_id: 2, most_recent_balance: { current_balance: 900, date: isoDate(firstOfMonth) } },
  });
  expect(account.status()).toBe(201);
  const { user: stored } = (await (await page.request.get(`${baseUrl}/api/user`, { headers })).json()) as { user: unknown };
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(
    ([storedToken, storedUser]) => {
      localStorage.setItem('mindspend.token', storedToken);
      localStorage.setItem('mindspend.user', storedUser);
    },
    [token, JSON.stringify(stored)] as const,
  );
  return { headers, accountId: ((await account.json()) as { id: number }).id };
}

function isoDate(day: Date): string {
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** The page's service worker, once it controls the page. */
async function serviceWorkerOf(page: Page, context: BrowserContext, baseUrl: string): Promise<Worker> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 15_000 })
    .toBe(`${baseUrl}/sw.js`);
  const worker = context.serviceWorkers().find((candidate) => candidate.url() === `${baseUrl}/sw.js`);
  if (!worker) throw new Error('the controlling service worker is not among the context’s workers');
  return worker;
}

/** Hands `data` to the origin's service worker as a push message, over Chromium's DevTools protocol. */
async function deliverPush(page: Page, origin: string, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted)).toBeTruthy();
  const registration = registrations.find((candidate) => candidate.scopeURL === `${origin}/` && !candidate.isDeleted);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration?.registrationId ?? '', data });
  await cdp.detach();
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  actions: { action: string; title: string }[];
}

/** The notifications the worker shows now. */
function shownNotifications(worker: Worker): Promise<ShownNotification[]> {
  return worker.evaluate(async () => {
    const sw = self as unknown as ServiceWorkerGlobalScope;
    const shown = await sw.registration.getNotifications();
    return shown.map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      actions: [...((notification as Notification & { actions?: readonly { action: string; title: string }[] }).actions ?? [])].map(({ action, title }) => ({ action, title })),
    }));
  });
}

test.describe('push nudges on a server that may call a push service on this machine', () => {
  let server: OwnServer;
  let push: FakePushService;
  test.beforeAll(async () => {
    push = await FakePushService.start();
    server = await startOwnServer({ WEBHOOKS_ALLOW_PRIVATE_NETWORK: 'true' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await push?.close();
  });

  test('Settings says why this browser cannot subscribe; a nudge delivered to the worker is answered from its button', async ({ page, context }) => {
    test.setTimeout(150_000);
    const screens = new Screens('push-nudge');
    const baseUrl = server.baseUrl;
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    const person = await seedPerson(page, baseUrl);
    const section = page.getByTestId('notifications-section');

    await test.step('Settings → Notifications: turning on this browser, which has no push service, says so', async () => {
      await page.goto(`${baseUrl}/settings#notifications`);
      await serviceWorkerOf(page, context, baseUrl);
      await expect(section.getByTestId('push-no-devices')).toBeVisible();
      await section.getByRole('button', { name: 'Turn on for this device' }).click();
      await expect(section.getByRole('alert')).toContainText('This browser could not sign up for notifications:');
      // Nothing reached the server: the list is still empty, and the button is there to try again.
      await expect(section.getByTestId('push-no-devices')).toBeVisible();
      await expect(section.getByRole('button', { name: 'Turn on for this device' })).toBeVisible();
      await expect(section.getByLabel('Quiet from')).toHaveValue('21:00');
      await expect(section.getByLabel('Until')).toHaveValue('08:00');
      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screens.part(page, section, 'no-push-service-375');
      await page.setViewportSize(WIDE);
    });

    const phone = push.device('phone');
    await test.step('a phone subscribed through the API is listed; quiet hours are turned off so the nudge comes now', async () => {
      const created = await page.request.post(`${baseUrl}/api/push/subscriptions`, {
        headers: person.headers,
        data: { ...phone.subscription, label: 'Chrome on Android' },
      });
      expect(created.status()).toBe(201);
      await section.getByLabel('No quiet hours').check();
      await section.getByRole('button', { name: 'Save quiet hours' }).click();
      await expect(section.getByText('Saved: no quiet hours, nudges come as purchases land.')).toBeVisible();
      await page.reload();
      const row = section.getByTestId('push-device-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Chrome on Android');
      await expect(row).toContainText(`Through ${new URL(push.origin).host}`);
      await expect(row).toContainText('not notified yet');
      await expect(section.getByLabel('No quiet hours')).toBeChecked();
      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screens.part(page, section, 'phone-listed-375');
      await page.setViewportSize(WIDE);
    });

    let nudge: Record<string, unknown> = {};
    let transactionId = 0;
    await test.step('an imported purchase without a feeling sends the phone one nudge, signed and encrypted', async () => {
      const upload = await page.request.post(`${baseUrl}/api/upload-transactions`, {
        headers: person.headers,
        multipart: {
          account_id: String(person.accountId),
          confirm: 'negative-is-expense',
          file: { name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(`Date,Description,Amount\n${isoDate(new Date())},Corner Bar,-38.20\n`) },
        },
      });
      expect(upload.status()).toBe(202);
      await expect.poll(() => push.to('phone').length, { timeout: 30_000 }).toBe(1);
      expect(push.refused).toEqual([]);
      nudge = push.to('phone')[0] ?? {};
      expect(nudge).toMatchObject({ kind: 'feel', title: 'Corner Bar $38.20 — how did that feel?' });
      transactionId = (nudge.action as { transaction_id: number }).transaction_id;
      expect(transactionId).toBeGreaterThan(0);
      expect(nudge.url).toBe(`/ledger/edit-transaction/${transactionId}`);
    });

    const worker = await serviceWorkerOf(page, context, baseUrl);
    await test.step('delivered to the service worker, the nudge shows with Felt good and Regretted it as buttons', async () => {
      await deliverPush(page, baseUrl, JSON.stringify(nudge));
      await expect.poll(() => shownNotifications(worker).then((shown) => shown.length), { timeout: 10_000 }).toBe(1);
      const [shown] = await shownNotifications(worker);
      expect(shown).toMatchObject({
        title: 'Corner Bar $38.20 — how did that feel?',
        body: 'Choose a feeling, or open Mindspend to add a purpose.',
        tag: `mindspend-feel-${transactionId}`,
      });
      expect(shown?.actions.slice(0, 2)).toEqual([
        { action: 'positive', title: 'Felt good' },
        { action: 'negative', title: 'Regretted it' },
      ]);
    });

    await test.step('junk pushed to the worker shows nothing of ours', async () => {
      await deliverPush(page, baseUrl, 'not a nudge');
      await deliverPush(page, baseUrl, JSON.stringify({ ...nudge, kind: 'other' }));
      await page.waitForTimeout(500);
      const shown = await shownNotifications(worker);
      expect(shown.filter((notification) => notification.tag.startsWith('mindspend-'))).toHaveLength(1);
    });

    await test.step('"Felt good" on the notification records the feeling, and the notification goes', async () => {
      await worker.evaluate(async () => {
        const sw = self as unknown as ServiceWorkerGlobalScope;
        const [notification] = (await sw.registration.getNotifications()).filter((shown) => shown.tag.startsWith('mindspend-feel-'));
        if (!notification) throw new Error('no nudge is shown');
        // What the browser dispatches when the button is pressed (this one is untrusted: the worker
        // must not depend on waitUntil for its work to run).
        sw.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: 'positive' }));
      });
      await expect
        .poll(async () => {
          const answer = await page.request.get(`${baseUrl}/api/transactions/${transactionId}`, { headers: person.headers });
          return ((await answer.json()) as { emotion_names?: string[] }).emotion_names;
        }, { timeout: 10_000 })
        .toEqual(['positive']);
      await expect.poll(() => shownNotifications(worker).then((shown) => shown.filter((notification) => notification.tag.startsWith('mindspend-feel-')).length)).toBe(0);
    });

    await test.step('the ledger shows the purchase felt good', async () => {
      const now = new Date();
      await page.goto(`${baseUrl}/ledger/accounts/${person.accountId}/month/${now.getMonth() + 1}/year/${now.getFullYear()}`);
      const row = page.getByTestId('transaction-row').filter({ hasText: 'Corner Bar' });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('img', { name: 'Felt good' })).toBeVisible();
      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screens.shot(page, 'ledger-felt-good-375');
      await page.setViewportSize(WIDE);
    });

    await test.step('Settings says when the phone was last notified', async () => {
      await page.goto(`${baseUrl}/settings#notifications`);
      await expect(section.getByTestId('push-device-row')).toContainText('last notified');
    });
  });
});
