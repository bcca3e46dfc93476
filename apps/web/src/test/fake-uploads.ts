import { afterEach, beforeEach, vi } from 'vitest';

/** An upload the code under test sent through XMLHttpRequest (lib/upload.ts): its URL and the files' names by field. */
export interface RecordedUpload {
  route: string;
  files: Array<{ field: string; name: string }>;
}

export interface FakeUploads {
  readonly sent: RecordedUpload[];
  /** What an upload is answered with, by `POST /path`; anything else is a 500. */
  answers: Record<string, { status: number; body: unknown }>;
}

/**
 * Stands in for the server at XMLHttpRequest, the one boundary lib/upload.ts crosses (fetch cannot
 * report an upload's progress): each upload is recorded and answered, with a progress event first.
 * Call it once at the top of a test file, beside routeApiCalls for the fetch calls.
 */
export function fakeUploads(): FakeUploads {
  const uploads: FakeUploads = { sent: [], answers: {} };
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private route = '';
    open(method: string, url: string): void {
      this.route = `${method} ${url}`;
    }
    setRequestHeader(): void {}
    abort(): void {
      this.onabort?.();
    }
    send(form: FormData): void {
      const files = [...form.entries()].flatMap(([field, value]) => (value instanceof File ? [{ field, name: value.name }] : []));
      uploads.sent.push({ route: this.route, files });
      const answer = uploads.answers[this.route] ?? { status: 500, body: { message: `no answer for ${this.route}` } };
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  beforeEach(() => {
    uploads.sent.length = 0;
    uploads.answers = {};
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return uploads;
}
