import type { AccessFixture, Column, Person } from './accessFixture.ts';

/** One request of the matrix, ready for inject(). */
export interface AccessRequest {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** How a route is called validly by `who`: what someone allowed to make the call would send. */
export type Build = (f: AccessFixture, who: Column, me: Person) => AccessRequest;

export const get = (url: string): AccessRequest => ({ method: 'GET', url });
export const body = (method: string, url: string, payload: unknown): AccessRequest => ({
  method,
  url,
  payload,
});
export const multipart = (
  method: string,
  url: string,
  part: { payload: Buffer; headers: Record<string, string> },
) => ({
  method,
  url,
  ...part,
});
export const formEncoded = (url: string, data: unknown): AccessRequest => ({
  method: 'POST',
  url,
  payload: `formData=${encodeURIComponent(JSON.stringify(data))}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
export const q = (value: string) => encodeURIComponent(value);
