import type { FastifyInstance } from 'fastify';

export interface BrowserResponse {
  status: number;
  /** the Location header, resolved against the request's address */
  location: string | undefined;
  body: string;
  setCookies: string[];
}

/**
 * A browser without a page, for the single sign-on tests: a cookie jar per host (paths ignored) and requests
 * that follow no redirect by themselves. Requests to Penstock's public address go to the app through
 * inject(); the others (the identity provider) through fetch with redirect: 'manual'.
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  constructor(
    private readonly app: FastifyInstance,
    /** Penstock's PENSTOCK_PUBLIC_URL: addresses there are answered by the app */
    private readonly penstockOrigin: string,
  ) {}

  cookie(name: string, origin = this.penstockOrigin): string | undefined {
    return this.jar.get(new URL(origin).host)?.get(name);
  }

  /** Sets a cookie by hand (a test that replays an old one). */
  setCookie(name: string, value: string, origin = this.penstockOrigin): void {
    const host = new URL(origin).host;
    if (!this.jar.has(host)) this.jar.set(host, new Map());
    this.jar.get(host)!.set(name, value);
  }

  private cookieHeader(url: URL): string | undefined {
    const cookies = this.jar.get(url.host);
    if (!cookies?.size) return undefined;
    return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private store(url: URL, setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      const expired = attributes.some((attribute) => {
        const [key, setting] = attribute.split('=');
        if (key?.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key?.toLowerCase() === 'expires') return Date.parse(setting ?? '') <= Date.now();
        return false;
      });
      if (expired || value === '') this.jar.get(url.host)?.delete(name);
      else this.setCookie(name, value, url.origin);
    }
  }

  async request(
    address: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    const url = new URL(address);
    const cookie = this.cookieHeader(url);
    const method = init.method ?? 'GET';
    const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    const headers: Record<string, string> = {
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...init.headers,
    };
    let response: Omit<BrowserResponse, 'location'> & { rawLocation: string | undefined };
    if (url.origin === new URL(this.penstockOrigin).origin) {
      const injected = await this.app.inject({
        method: method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers,
        ...(body ? { payload: body } : {}),
      });
      const setCookie = injected.headers['set-cookie'];
      response = {
        status: injected.statusCode,
        rawLocation: injected.headers.location as string | undefined,
        body: injected.body,
        setCookies: setCookie === undefined ? [] : [setCookie].flat(),
      };
    } else {
      const fetched = await fetch(url, { method, headers, body, redirect: 'manual' });
      response = {
        status: fetched.status,
        rawLocation: fetched.headers.get('location') ?? undefined,
        body: await fetched.text(),
        setCookies: fetched.headers.getSetCookie(),
      };
    }
    this.store(url, response.setCookies);
    const { rawLocation, ...rest } = response;
    return { ...rest, location: rawLocation ? new URL(rawLocation, url).href : undefined };
  }

  /**
   * Follows redirects from an address until one leads to where `stop` says (that address is returned, not
   * requested) or an answer is not a redirect (its address and answer are returned).
   */
  async follow(
    address: string,
    stop: (url: URL) => boolean = () => false,
  ): Promise<{ url: string; response: BrowserResponse | undefined }> {
    let url = address;
    for (let hop = 0; hop < 20; hop++) {
      if (stop(new URL(url))) return { url, response: undefined };
      const response = await this.request(url);
      if (response.status < 300 || response.status >= 400 || !response.location) return { url, response };
      url = response.location;
    }
    throw new Error(`more than 20 redirects from ${address}`);
  }
}
