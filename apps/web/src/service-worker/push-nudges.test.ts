import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForPushNudges } from './push-nudges';

const ORIGIN = 'https://budget.example.org';
const ONE = {
  kind: 'feel',
  title: 'Corner Bar $38.20 — how did that feel?',
  body: 'Choose a feeling, or open Mindspend to add a purpose.',
  url: '/ledger/edit-transaction/41',
  action: { transaction_id: 41, token: 'tok_abc' },
};

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** A service worker's global as far as the nudges use it, with what they did to it. */
function fakeWorker(options: { answer?: number | 'offline'; windows?: FakeWindow[] } = {}) {
  const handlers = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const fetch = vi.fn(async () => {
    if (options.answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response('{}', { status: options.answer ?? 200 });
  });
  const sw = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    registration: { showNotification },
    clients: { matchAll: async () => options.windows ?? [], openWindow },
    fetch,
  };
  listenForPushNudges(sw as unknown as ServiceWorkerGlobalScope);
  /** Dispatches `event`; answers what it asked to be kept alive for (or undefined for an untrusted event). */
  const dispatch = async (type: string, event: Record<string, unknown>, trusted = true) => {
    let work: Promise<unknown> | undefined;
    const waitUntil = (promise: Promise<unknown>) => {
      if (!trusted) throw new DOMException('The event is not trusted.', 'InvalidStateError');
      work = promise;
    };
    handlers.get(type)?.({ ...event, waitUntil });
    await work;
  };
  return { dispatch, showNotification, openWindow, fetch };
}

const pushOf = (text: string) => ({ data: { text: () => text } });

function notificationOf(data: unknown) {
  return { data, close: vi.fn() };
}

const windowAt = (url: string): FakeWindow => {
  const client: FakeWindow = { url, focus: vi.fn(), navigate: vi.fn(async () => client) };
  client.focus.mockImplementation(async () => client);
  return client;
};

beforeEach(() => {
  vi.stubGlobal('Notification', { maxActions: 2 });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a pushed nudge', () => {
  it('is shown with the two feelings the browser has room for', async () => {
    const worker = fakeWorker();
    await worker.dispatch('push', pushOf(JSON.stringify(ONE)));
    expect(worker.showNotification).toHaveBeenCalledWith(ONE.title, {
      body: ONE.body,
      tag: 'mindspend-feel-41',
      data: ONE,
      icon: '/icons/icon-192.png',
      actions: [
        { action: 'positive', title: 'Felt good' },
        { action: 'negative', title: 'Regretted it' },
      ],
    });
  });

  it('is ignored when it is not a nudge', async () => {
    const worker = fakeWorker();
    await worker.dispatch('push', pushOf('{"kind":"other"}'));
    await worker.dispatch('push', pushOf('not json'));
    await worker.dispatch('push', { data: null });
    expect(worker.showNotification).not.toHaveBeenCalled();
  });
});

describe('a feeling chosen on the notification', () => {
  it('is recorded with the nudge’s token, without a session, and nothing opens', async () => {
    const worker = fakeWorker();
    const notification = notificationOf(ONE);
    await worker.dispatch('notificationclick', { notification, action: 'negative' });
    expect(worker.fetch).toHaveBeenCalledOnce();
    const [url, init] = worker.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/push/feelings');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(new Headers(init.headers).get('Authorization')).toBeNull();
    expect(JSON.parse(String(init.body))).toEqual({ token: 'tok_abc', transaction_id: 41, feeling: 'negative' });
    expect(notification.close).toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('still runs when the event cannot be kept alive (dispatched by a page or a test)', async () => {
    const worker = fakeWorker();
    await worker.dispatch('notificationclick', { notification: notificationOf(ONE), action: 'positive' }, false);
    await vi.waitFor(() => expect(worker.fetch).toHaveBeenCalledOnce());
  });

  it('opens the purchase in the app when the server refuses the token, or cannot be reached', async () => {
    for (const answer of [422, 'offline'] as const) {
      const worker = fakeWorker({ answer });
      await worker.dispatch('notificationclick', { notification: notificationOf(ONE), action: 'positive' });
      expect(worker.openWindow, String(answer)).toHaveBeenCalledWith(`${ORIGIN}/ledger/edit-transaction/41`);
    }
  });
});

describe('a tap on the notification itself', () => {
  it('brings an open Mindspend window forward at the nudge’s page', async () => {
    const open = windowAt(`${ORIGIN}/budgets`);
    const worker = fakeWorker({ windows: [windowAt('https://elsewhere.example.com/'), open] });
    await worker.dispatch('notificationclick', { notification: notificationOf(ONE), action: '' });
    expect(worker.fetch).not.toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/ledger/edit-transaction/41`);
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('opens the app when no window is open, and never another site', async () => {
    const worker = fakeWorker();
    await worker.dispatch('notificationclick', { notification: notificationOf({ ...ONE, url: 'https://evil.example.com/' }), action: '' });
    expect(worker.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
