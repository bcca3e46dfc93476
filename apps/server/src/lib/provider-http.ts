/**
 * One HTTP call to a third-party provider (Stripe, Plaid): a timeout, the answer's status and
 * parsed JSON, and a failure that names the call and its real reason for the log. Each provider
 * reads its own error shape from the answer.
 */
export interface ProviderAnswer {
  status: number;
  /** The JSON body, or undefined when the body was not JSON. */
  body: unknown;
}

export async function callProvider(
  what: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<ProviderAnswer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, body: parseJson(await response.text()) };
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `timed out after ${timeoutMs} ms`
        : reasonOf(error);
    throw new Error(`${what} failed: ${reason}`, { cause: error });
  }
}

/** Whether the provider answered 2xx with a JSON body. */
export function succeeded(answer: ProviderAnswer): boolean {
  return answer.status >= 200 && answer.status < 300 && answer.body !== undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch reports "fetch failed"; the reason (ECONNREFUSED, DNS, TLS) is in its cause.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
