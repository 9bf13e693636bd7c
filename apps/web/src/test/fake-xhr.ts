// A stand-in for XMLHttpRequest in component tests (jsdom's would try the network): each upload
// is recorded, reports its progress, and is answered by the test with a Response, like stubFetch.
import { vi } from 'vitest';

export interface UploadCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Record<string, string>;
  form: FormData;
}

/** A Response to answer with, or 'network' for a connection that fails. */
export type UploadAnswer = Response | 'network';

function sizeOf(form: FormData): number {
  let size = 0;
  for (const [name, value] of form.entries()) {
    size += name.length + 64 + (typeof value === 'string' ? value.length : value.size);
  }
  return size;
}

/** Installs the fake; `answer` may return a promise to hold the upload open. */
export function stubUploads(answer: (call: UploadCall) => UploadAnswer | Promise<UploadAnswer>) {
  const calls: UploadCall[] = [];

  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private responseHeaders = new Headers();
    private aborted = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    getResponseHeader(name: string) {
      return this.responseHeaders.get(name);
    }

    abort() {
      this.aborted = true;
      this.onabort?.();
    }

    send(body: FormData) {
      const url = new URL(this.url, 'http://localhost');
      const call = { method: this.method, path: url.pathname, search: url.searchParams, headers: { ...this.headers }, form: body };
      calls.push(call);
      const total = sizeOf(body);
      const progress = (loaded: number) => this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
      void (async () => {
        progress(Math.round(total / 2));
        const response = await answer(call);
        if (this.aborted) return;
        if (response === 'network') {
          this.onerror?.();
          return;
        }
        progress(total);
        this.status = response.status;
        this.responseHeaders = response.headers;
        this.responseText = await response.text();
        this.onload?.();
      })();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { calls };
}
