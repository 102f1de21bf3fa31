import { describe, expect, it } from 'vitest';
import { ApiError, apiFetch, apiFetchText } from './api.ts';
import { mockFetch } from '../test/fetchMock.ts';

describe('apiFetch', () => {
  it('sends same-origin credentials and parses JSON', async () => {
    const fetchMock = mockFetch({ 'POST /api/thing': { json: { ok: true } } });
    await expect(apiFetch('/api/thing', { method: 'POST', json: { a: 1 } })).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it("throws an Error carrying the server's error text on a non-2xx answer", async () => {
    mockFetch({ '/api/thing': { status: 409, error: 'That email is already used' } });
    const failure = await apiFetch('/api/thing').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'That email is already used', status: 409 });
  });

  it('checks the answer against a schema when given one', async () => {
    mockFetch({ '/api/thing': { json: { n: 'x' } } });
    const schema = {
      parse: (data: unknown) => {
        if (typeof (data as { n: unknown }).n !== 'number') throw new Error('bad');
        return data as { n: number };
      },
    };
    await expect(apiFetch('/api/thing', {}, schema)).rejects.toThrow('unexpected shape');
  });

  it('answers 204 with undefined and reads text answers', async () => {
    mockFetch({ 'POST /api/none': { status: 204, json: null }, '/api/text': { text: '/auth/signin' } });
    await expect(apiFetch('/api/none', { method: 'POST' })).resolves.toBeUndefined();
    await expect(apiFetchText('/api/text')).resolves.toBe('/auth/signin');
  });

  it('says when the server cannot be reached', async () => {
    mockFetch({ '/api/x': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(apiFetch('/api/x')).rejects.toThrow('The server cannot be reached');
  });
});
