import { describe, expect, it } from 'vitest';
import { SseParser, backoffMs, runEventStream } from './events';

describe('SseParser', () => {
  it('parses named events, joins data lines, skips heartbeats and keeps retry', () => {
    const parser = new SseParser();
    const events = parser.push('retry: 3000\n: connected to user-1-channel\n\nevent: importTransactionsProgress\ndata: {"progress":5}\n\n: ping\n\ndata: a\ndata: b\n\n');
    expect(events).toEqual([
      { event: 'importTransactionsProgress', data: '{"progress":5}' },
      { event: 'message', data: 'a\nb' },
    ]);
    expect(parser.retryMs).toBe(3000);
  });

  it('completes events cut anywhere across chunks, with LF, CRLF or CR line ends', () => {
    const text = 'event: x\r\ndata: {"jobId":1}\r\n\r\nevent: y\rdata: 2\r\revent: z\ndata:3\n\n';
    for (let cut = 0; cut <= text.length; cut += 1) {
      const parser = new SseParser();
      const events = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))];
      expect(events).toEqual([
        { event: 'x', data: '{"jobId":1}' },
        { event: 'y', data: '2' },
        { event: 'z', data: '3' },
      ]);
    }
  });

  it('does not emit an event until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('event: x\ndata: 1\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'x', data: '1' }]);
  });
});

describe('backoffMs', () => {
  it('doubles from 1 s up to 30 s and never goes under the server advice', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffMs(1, 3000)).toBe(3000);
  });
});

function streamOf(chunks: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

describe('runEventStream', () => {
  it('sends the bearer token, delivers events, reconnects after the stream ends and stops when aborted', async () => {
    const controller = new AbortController();
    const calls: RequestInit[] = [];
    const waits: number[] = [];
    const seen: string[] = [];
    const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(init ?? {});
      if (calls.length === 1) return streamOf(['event: a\ndata: 1\n\n']);
      if (calls.length === 2) throw new TypeError('network down');
      return streamOf(['event: b\ndata: 2\n\n']);
    }) as typeof fetch;
    await runEventStream({
      token: 'secret',
      signal: controller.signal,
      fetchImpl,
      onEvent: (event) => {
        seen.push(`${event.event}:${event.data}`);
        if (event.event === 'b') controller.abort();
      },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(seen).toEqual(['a:1', 'b:2']);
    expect(new Headers(calls[0]?.headers).get('Authorization')).toBe('Bearer secret');
    // Data arrived on the first stream, so the first wait is the shortest; the failure doubles it.
    expect(waits.slice(0, 2)).toEqual([1000, 2000]);
  });

  it('stops on 401 instead of knocking forever', async () => {
    let calls = 0;
    const fetchImpl = (async () => {
      calls += 1;
      return new Response('{"message":"Unauthenticated."}', { status: 401 });
    }) as typeof fetch;
    await runEventStream({ token: 't', signal: new AbortController().signal, fetchImpl, onEvent: () => undefined, sleep: async () => undefined });
    expect(calls).toBe(1);
  });
});
