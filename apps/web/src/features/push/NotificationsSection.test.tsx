import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PUSH_MESSAGES, type PushSubscription as Device } from '@mindspend/api-contract';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { testUser } from '../../lib/test-user';
import { NotificationsSection } from './NotificationsSection';
import { DENIED_MESSAGE, INSECURE_MESSAGE } from './push-support';

// The server's VAPID key and a browser's subscription, as base64url of their real sizes.
const SERVER_KEY = Buffer.from(Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index))).toString('base64url');
const P256DH = Buffer.from(Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : 200 - index))).toString('base64url');
const AUTH = Buffer.from(Uint8Array.from({ length: 16 }, (_, index) => index)).toString('base64url');
const ENDPOINT = 'https://push.example.net/send/device-abc';

const phone: Device = { id: 4, label: 'Chrome on Android', service: 'push.example.net', created_at: '2026-11-01T10:00:00.000Z', last_sent_at: '2026-11-20T18:30:00.000Z' };

let devices: Device[] = [];
let calls: { route: string; body: unknown }[] = [];
let answers: Record<string, { status: number; body: unknown }> = {};

beforeEach(() => {
  localStorage.clear();
  startSession('token', testUser({ id: 7, time_zone: 'Europe/Paris' }), true);
  devices = [phone];
  calls = [];
  answers = {};
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const route = `${init.method ?? 'GET'} ${url}`;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ route, body });
      const answer = answers[route];
      if (answer) return new Response(JSON.stringify(answer.body), { status: answer.status });
      if (route === 'GET /api/push/subscriptions') return new Response(JSON.stringify({ subscriptions: devices }), { status: 200 });
      if (route === 'GET /api/push/settings') return new Response(JSON.stringify({ quiet_start: '21:00', quiet_end: '08:00' }), { status: 200 });
      if (route === 'GET /api/push/public-key') return new Response(JSON.stringify({ public_key: SERVER_KEY }), { status: 200 });
      if (route === 'POST /api/push/subscriptions') {
        const created: Device = { id: 5, label: String(body?.label), service: 'push.example.net', created_at: '2026-11-28T09:00:00.000Z', last_sent_at: null };
        devices = [...devices, created];
        return new Response(JSON.stringify(created), { status: 201 });
      }
      if (route.startsWith('DELETE /api/push/subscriptions/')) {
        devices = devices.filter((device) => `DELETE /api/push/subscriptions/${device.id}` !== route);
        return new Response(null, { status: 204 });
      }
      return new Response(JSON.stringify({ message: 'unexpected' }), { status: 500 });
    }),
  );
});

afterEach(() => {
  cleanup();
  endSession();
  queryClient.clear();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** A browser with push: its permission, and a worker whose PushManager subscribes or refuses. */
function fakeBrowser(options: { permission?: NotificationPermission; answer?: NotificationPermission; refuse?: DOMException; subscribed?: boolean; subscribedKey?: string } = {}) {
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const subscription = (key: BufferSource) =>
    ({
      endpoint: ENDPOINT,
      // The browser keeps the key as an ArrayBuffer of its own bytes.
      options: { applicationServerKey: key instanceof ArrayBuffer ? key.slice(0) : new Uint8Array(key.buffer, key.byteOffset, key.byteLength).slice().buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
      unsubscribe,
    }) as unknown as PushSubscription;
  const subscribe = vi.fn(async (subscribeOptions: PushSubscriptionOptionsInit) => {
    if (options.refuse) throw options.refuse;
    current = subscription(subscribeOptions.applicationServerKey as BufferSource);
    return current;
  });
  if (options.subscribed) current = subscription(Buffer.from(options.subscribedKey ?? SERVER_KEY, 'base64url'));
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  const requestPermission = vi.fn(async () => options.answer ?? 'granted');
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: options.permission ?? 'default', requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { subscribe, unsubscribe, requestPermission };
}

const renderSection = () =>
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <NotificationsSection />
      </QueryClientProvider>
    </MantineProvider>,
  );

const rows = () => screen.findAllByTestId('push-device-row');

describe('Settings → Notifications', () => {
  it('says that plain http is why this page cannot turn them on, and lists the devices anyway', async () => {
    vi.stubGlobal('isSecureContext', false);
    renderSection();
    expect((await screen.findByTestId('push-device-notice')).textContent).toBe(INSECURE_MESSAGE);
    const [row] = await rows();
    expect(row?.textContent).toContain('Chrome on Android');
    expect(row?.textContent).toContain('Through push.example.net');
    expect(row?.textContent).toContain('last notified');
    expect(screen.queryByRole('button', { name: 'Turn on for this device' })).toBeNull();
  });

  it('turns this device on: the browser asks, subscribes with the server’s key, and the server hears of it', async () => {
    const browser = fakeBrowser();
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on for this device' }));
    await screen.findByText(/^Notifications are on for this device/);
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const [options] = browser.subscribe.mock.calls[0] ?? [];
    expect(options?.userVisibleOnly).toBe(true);
    expect(Buffer.from(options?.applicationServerKey as Uint8Array).toString('base64url')).toBe(SERVER_KEY);
    expect(calls.find((call) => call.route === 'POST /api/push/subscriptions')?.body).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: P256DH, auth: AUTH },
      // HappyDOM says it runs on Linux and names no browser this app knows.
      label: 'Linux',
    });
    const added = (await rows()).find((row) => row.textContent?.includes('not notified yet'));
    await waitFor(() => expect(added && within(added).queryByText('This device')).not.toBeNull());
    expect(screen.getByTestId('push-this-device').getAttribute('data-state')).toBe('on');
  });

  it('shows the browser’s refusal in its words, and tells the server nothing', async () => {
    const browser = fakeBrowser({ refuse: new DOMException('Registration failed - push service not available', 'AbortError') });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on for this device' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This browser could not sign up for notifications: “Registration failed - push service not available” (AbortError).');
    expect(browser.subscribe).toHaveBeenCalledOnce();
    expect(calls.some((call) => call.route === 'POST /api/push/subscriptions')).toBe(false);
    // The button stays, to try again.
    expect(screen.getByRole('button', { name: 'Turn on for this device' })).toBeTruthy();
  });

  it('says how to allow notifications again when they are blocked, or when the question is turned down', async () => {
    fakeBrowser({ permission: 'denied' });
    renderSection();
    expect((await screen.findByTestId('push-device-notice')).textContent).toBe(DENIED_MESSAGE);
    cleanup();
    queryClient.clear();
    const browser = fakeBrowser({ answer: 'denied' });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on for this device' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DENIED_MESSAGE);
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('says when the server has notifications off, in its words, and offers no button', async () => {
    fakeBrowser();
    answers['GET /api/push/public-key'] = { status: 404, body: { message: PUSH_MESSAGES.pushOff } };
    renderSection();
    expect((await screen.findByTestId('push-device-notice')).textContent).toBe(PUSH_MESSAGES.pushOff);
    expect(screen.queryByRole('button', { name: 'Turn on for this device' })).toBeNull();
  });

  it('shows the server’s refusal of the subscription', async () => {
    fakeBrowser();
    answers['POST /api/push/subscriptions'] = { status: 422, body: { message: 'The given data was invalid.', errors: { endpoint: [PUSH_MESSAGES.endpointInvalid] } } };
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on for this device' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PUSH_MESSAGES.endpointInvalid);
  });

  it('removes this device from the list and unsubscribes it here too', async () => {
    devices = [phone, { ...phone, id: 5, label: 'Linux', last_sent_at: null }];
    localStorage.setItem('mindspend.push-device.7', JSON.stringify({ id: 5, endpoint: ENDPOINT }));
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    renderSection();
    const thisOne = await waitFor(() => {
      const row = screen.getAllByTestId('push-device-row').find((candidate) => within(candidate).queryByText('This device'));
      if (!row) throw new Error('no row is this device yet');
      return row;
    });
    fireEvent.click(within(thisOne).getByRole('button', { name: 'Remove Linux' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalledOnce());
    expect(calls.filter((call) => call.route.startsWith('DELETE')).map((call) => call.route)).toEqual(['DELETE /api/push/subscriptions/5']);
    await waitFor(() => expect(screen.getAllByTestId('push-device-row')).toHaveLength(1));
    expect(localStorage.getItem('mindspend.push-device.7')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Turn on for this device' })).toBeTruthy();
  });

  it('offers to turn this device on again when its subscription was made for a replaced server key', async () => {
    devices = [{ ...phone, id: 5, label: 'Linux' }];
    localStorage.setItem('mindspend.push-device.7', JSON.stringify({ id: 5, endpoint: ENDPOINT }));
    fakeBrowser({ permission: 'granted', subscribed: true, subscribedKey: P256DH });
    renderSection();
    expect(await screen.findByRole('button', { name: 'Turn on for this device' })).toBeTruthy();
    expect(screen.queryByText('This device')).toBeNull();
  });

  it('removes another device without touching this browser’s subscription', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Chrome on Android' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByTestId('push-no-devices')).toBeTruthy();
    expect(browser.unsubscribe).not.toHaveBeenCalled();
  });

  it('saves quiet hours, or none, and shows the server’s message under its field', async () => {
    renderSection();
    const start = await screen.findByLabelText('Quiet from');
    expect((start as HTMLInputElement).value).toBe('21:00');
    expect(screen.getByText(/Times are in your time zone \(Europe\/Paris\)/)).toBeTruthy();

    answers['PUT /api/push/settings'] = { status: 422, body: { message: 'The given data was invalid.', errors: { quiet_end: [PUSH_MESSAGES.quietTime] } } };
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(await screen.findByText(PUSH_MESSAGES.quietTime)).toBeTruthy();
    expect(calls.find((call) => call.route === 'PUT /api/push/settings')?.body).toEqual({ quiet_start: '21:00', quiet_end: '' });

    answers['PUT /api/push/settings'] = { status: 200, body: { quiet_start: null, quiet_end: null } };
    fireEvent.click(screen.getByLabelText('No quiet hours'));
    fireEvent.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(await screen.findByText('Saved: no quiet hours, nudges come as purchases land.')).toBeTruthy();
    expect(calls.filter((call) => call.route === 'PUT /api/push/settings').at(-1)?.body).toEqual({ quiet_start: null, quiet_end: null });
    expect(screen.queryByText(PUSH_MESSAGES.quietTime)).toBeNull();
  });
});
