/** The one way the app talks to its server: same-origin cookies, JSON answers, `{error}` messages. */

export class ApiError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** Something with a zod-like `parse` (the shared contract's schemas). */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface ApiOptions extends Omit<RequestInit, 'body'> {
  /** sent as JSON */
  json?: unknown;
  /** sent as multipart/form-data (the browser sets the boundary) */
  form?: FormData;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let message = `The server answered ${response.status} ${response.statusText}`.trim();
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
      message = body.error;
    }
  } catch {
    // not JSON: keep the status line
  }
  return new ApiError(message, response.status);
}

/** The response of a call; throws an ApiError carrying the server's `error` text on a non-2xx answer. */
export async function apiSend(
  url: string,
  { json, form, headers, ...init }: ApiOptions = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      ...init,
      headers: {
        Accept: 'application/json',
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(form !== undefined ? { body: form } : json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  } catch {
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 0);
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** Fetch JSON; throws an ApiError carrying the server's `error` text on a non-2xx answer. */
export async function apiFetch<T = unknown>(
  url: string,
  options?: ApiOptions,
  schema?: Parser<T>,
): Promise<T> {
  const response = await apiSend(url, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new ApiError(`The server sent an answer that is not JSON (${url}).`, response.status);
  }
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch {
    throw new ApiError(`The server sent an answer in an unexpected shape (${url}).`, response.status);
  }
}

/** Fetch a text answer (the sign-in address, markdown). */
export async function apiFetchText(url: string, options?: ApiOptions): Promise<string> {
  const response = await apiSend(url, {
    ...options,
    headers: { Accept: 'text/plain, */*', ...options?.headers },
  });
  return response.text();
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/** Fetch binary content (model fragments); throws an ApiError carrying the server's `error` text. */
export async function apiFetchBytes(url: string, options?: ApiOptions): Promise<ArrayBuffer> {
  const response = await apiSend(url, {
    ...options,
    headers: { Accept: 'application/octet-stream, application/json', ...options?.headers },
  });
  return response.arrayBuffer();
}

/**
 * Fetch an NDJSON answer (one JSON text per line), handing each parsed line to `onItem` as it arrives: the
 * answer is never held whole, as text or as one parse. Throws an ApiError on a non-2xx answer or a line that
 * is not JSON.
 */
export async function apiFetchLines(
  url: string,
  onItem: (item: unknown) => void,
  options?: ApiOptions,
): Promise<void> {
  const response = await apiSend(url, {
    ...options,
    headers: { Accept: 'application/x-ndjson, application/json', ...options?.headers },
  });
  const take = (line: string) => {
    if (line.trim() === '') return;
    let item: unknown;
    try {
      item = JSON.parse(line);
    } catch {
      throw new ApiError(`The server sent an answer that is not JSON (${url}).`, response.status);
    }
    onItem(item);
  };
  // an answer without a body has no lines
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const lines = (rest + value).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) take(line);
  }
  take(rest);
}
