/**
 * Plaid's Link widget (DECISIONS.md #8): its script is loaded once from Plaid's CDN, then each
 * link (or re-link, in update mode) opens the widget with a one-time link token from our server.
 */

export const PLAID_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';
export const PLAID_LOAD_ERROR = 'Plaid could not be loaded. Please check your connection and try again.';
const LOAD_TIMEOUT_MS = 15_000;

/** The part of Link's onSuccess metadata Mindspend reads. */
export interface PlaidLinkMetadata {
  institution?: { name?: string; institution_id?: string } | null;
}

export interface PlaidLinkOptions {
  token: string;
  onSuccess: (publicToken: string, metadata: PlaidLinkMetadata) => void;
  onExit: (error: unknown) => void;
}

export interface PlaidLinkHandler {
  open: () => void;
  destroy?: () => void;
}

export interface PlaidGlobal {
  create: (options: PlaidLinkOptions) => PlaidLinkHandler;
}

declare global {
  interface Window {
    Plaid?: PlaidGlobal;
  }
}

/** Thrown when Link's script cannot be loaded; its message is the one to show. */
export class PlaidLoadError extends Error {
  constructor() {
    super(PLAID_LOAD_ERROR);
    this.name = 'PlaidLoadError';
  }
}

let loading: Promise<PlaidGlobal> | null = null;

function injectScript(timeoutMs: number): Promise<PlaidGlobal> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => fail(), timeoutMs);
    const fail = () => {
      clearTimeout(timer);
      script.remove();
      reject(new PlaidLoadError());
    };
    script.src = PLAID_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      if (window.Plaid) resolve(window.Plaid);
      else fail();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
}

/**
 * Loads Link's script once: later calls find `window.Plaid`, calls during the load share it, and a
 * failed load may be tried again later.
 */
export function loadPlaid(timeoutMs = LOAD_TIMEOUT_MS): Promise<PlaidGlobal> {
  if (window.Plaid) return Promise.resolve(window.Plaid);
  loading ??= injectScript(timeoutMs).finally(() => {
    loading = null;
  });
  return loading;
}

export interface PlaidLinkResult {
  publicToken: string;
  institutionName: string | null;
}

/** Opens Link with `token`; resolves with what it handed back, or null when the person closed it. */
export async function openPlaidLink(token: string): Promise<PlaidLinkResult | null> {
  const plaid = await loadPlaid();
  return new Promise((resolve) => {
    let handler: PlaidLinkHandler | null = null;
    const finish = (result: PlaidLinkResult | null) => {
      handler?.destroy?.();
      resolve(result);
    };
    handler = plaid.create({
      token,
      onSuccess: (publicToken, metadata) => finish({ publicToken, institutionName: metadata.institution?.name ?? null }),
      onExit: () => finish(null),
    });
    handler.open();
  });
}
