import { vi } from 'vitest';

/** What a mocked endpoint answers: JSON (default status 200), NDJSON lines, text, or an error status with {error}. */
export type Reply =
  | { status?: number; json: unknown }
  | { status?: number; ndjson: readonly unknown[] }
  | { status?: number; text: string }
  | { status: number; error: string };

export type Responder = Reply | ((init: RequestInit | undefined) => Reply | Promise<Reply>);

/** Routes keyed by 'METHOD /path?query' (the method defaults to GET: '/api/user' means 'GET /api/user'). */
export type Routes = Record<string, Responder>;

function toResponse(reply: Reply): Response {
  if ('error' in reply) {
    return new Response(JSON.stringify({ error: reply.error }), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  if ('text' in reply) return new Response(reply.text, { status: reply.status ?? 200 });
  if ('ndjson' in reply) {
    const text = reply.ndjson.map((item) => `${JSON.stringify(item)}\n`).join('');
    return new Response(text, {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/x-ndjson' },
    });
  }
  const status = reply.status ?? 200;
  return new Response(status === 204 ? null : JSON.stringify(reply.json), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Stub the global fetch with a route table; unknown routes answer 404. Returns the mock for assertions. */
export function mockFetch(routes: Routes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const responder = routes[`${method} ${url}`] ?? (method === 'GET' ? routes[url] : undefined);
    if (!responder) return toResponse({ status: 404, error: `No mock for ${method} ${url}` });
    return toResponse(typeof responder === 'function' ? await responder(init) : responder);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs (with method) the app fetched, in order. */
export const calls = (fetchMock: ReturnType<typeof mockFetch>): string[] =>
  fetchMock.mock.calls.map(([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${String(input)}`);

/** A promise to resolve later: to see pending states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
