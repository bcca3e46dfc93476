import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAID_LOAD_ERROR, PLAID_SCRIPT_URL, loadPlaid, openPlaidLink, type PlaidGlobal, type PlaidLinkOptions } from './plaid-link';

/** A fake Link whose open() answers as `answer` says. */
function fakePlaid(answer: (options: PlaidLinkOptions) => void) {
  const destroy = vi.fn();
  const create = vi.fn((options: PlaidLinkOptions) => ({ open: () => answer(options), destroy }));
  const plaid: PlaidGlobal = { create };
  return { plaid, create, destroy };
}

/** Intercepts the <script> the loader appends, so nothing reaches the network. */
function interceptScript(onAppend: (script: HTMLScriptElement) => void) {
  const appended: HTMLScriptElement[] = [];
  const original = document.head.appendChild.bind(document.head);
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (!(node instanceof HTMLScriptElement)) return original(node);
    appended.push(node);
    queueMicrotask(() => onAppend(node));
    return node;
  });
  return appended;
}

afterEach(() => {
  delete window.Plaid;
  vi.restoreAllMocks();
});

describe('Plaid Link loader', () => {
  it('loads the script once, then resolves with the public token and the bank name', async () => {
    const { plaid, create, destroy } = fakePlaid((options) => options.onSuccess('public-sandbox-1', { institution: { name: 'Chase' } }));
    const appended = interceptScript((script) => {
      window.Plaid = plaid;
      script.dispatchEvent(new Event('load'));
    });
    await expect(openPlaidLink('link-token-1')).resolves.toEqual({ publicToken: 'public-sandbox-1', institutionName: 'Chase' });
    await openPlaidLink('link-token-2');
    expect(appended).toHaveLength(1);
    expect(appended[0]?.src).toBe(PLAID_SCRIPT_URL);
    expect(create.mock.calls.map(([options]) => options.token)).toEqual(['link-token-1', 'link-token-2']);
    expect(destroy).toHaveBeenCalledTimes(2);
  });

  it('resolves null when the person closes Link', async () => {
    window.Plaid = fakePlaid((options) => options.onExit(null)).plaid;
    await expect(openPlaidLink('link-token')).resolves.toBeNull();
  });

  it('rejects with a clear message when the script fails to load, and tries again next time', async () => {
    const appended = interceptScript((script) => script.dispatchEvent(new Event('error')));
    await expect(openPlaidLink('link-token')).rejects.toThrow(PLAID_LOAD_ERROR);
    await expect(loadPlaid()).rejects.toThrow(PLAID_LOAD_ERROR);
    expect(appended).toHaveLength(2);
  });

  it('rejects when the script loads without defining window.Plaid, or never loads', async () => {
    interceptScript((script) => script.dispatchEvent(new Event('load')));
    await expect(loadPlaid()).rejects.toThrow(PLAID_LOAD_ERROR);
    vi.restoreAllMocks();
    interceptScript(() => undefined);
    await expect(loadPlaid(5)).rejects.toThrow(PLAID_LOAD_ERROR);
  });
});
