/**
 * Failed sign-ins, counted per account and client address pair, and per client address (OWASP's
 * advice against lock-outs):
 * - a pair may fail `freeFailures` times in a row; from then on it waits before its next try, 1 s after
 *   the last free failure and twice as long after each further one (at most `maxDelayMs`). The owner signing in from
 *   their own address is another pair: a stranger's guesses slow the stranger down, never the owner;
 * - an address past `maxPerAddress` failures within `windowMs` waits until the oldest of them leaves the
 *   window (one client trying many accounts).
 * A pair's count is forgotten `windowMs` after its last failure and cleared by a correct sign-in. At most
 * `maxKeys` pairs and addresses are kept (the longest untouched go first), so memory stays bounded whatever
 * a client sends. Kept in memory: one process serves (the scale-out issue moves it to the database).
 */
export interface SignInThrottleOptions {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxPerAddress: number;
  windowMs: number;
  maxKeys: number;
}

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleOptions = {
  freeFailures: 3,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  maxPerAddress: 50,
  windowMs: 15 * 60 * 1000,
  maxKeys: 10_000,
};

export class SignInThrottle {
  private readonly options: SignInThrottleOptions;
  private readonly pairs = new Map<string, { failures: number; last: number }>();
  private readonly addresses = new Map<string, number[]>();

  constructor(
    options: Partial<SignInThrottleOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.options = { ...DEFAULT_SIGN_IN_THROTTLE, ...options };
  }

  /** milliseconds until this account may be tried from this address, 0 when now */
  retryAfterMs(account: string, address: string): number {
    const now = this.now();
    let wait = 0;
    const pair = this.pair(account, address, now);
    if (pair && pair.failures >= this.options.freeFailures) {
      const delay = Math.min(
        this.options.maxDelayMs,
        this.options.baseDelayMs * 2 ** (pair.failures - this.options.freeFailures),
      );
      wait = Math.max(0, pair.last + delay - now);
    }
    const recent = this.recent(address, now);
    if (recent.length >= this.options.maxPerAddress)
      wait = Math.max(
        wait,
        recent[recent.length - this.options.maxPerAddress]! + this.options.windowMs - now,
      );
    return wait;
  }

  recordFailure(account: string, address: string): void {
    const now = this.now();
    const key = pairKey(account, address);
    const failures = (this.pair(account, address, now)?.failures ?? 0) + 1;
    this.pairs.delete(key);
    this.pairs.set(key, { failures, last: now });
    const recent = this.recent(address, now);
    this.addresses.delete(address);
    this.addresses.set(address, [...recent.slice(-this.options.maxPerAddress), now]);
    bound(this.pairs, this.options.maxKeys);
    bound(this.addresses, this.options.maxKeys);
  }

  /** a correct sign-in clears its pair (not the address: its own account must not reset a guesser) */
  succeeded(account: string, address: string): void {
    this.pairs.delete(pairKey(account, address));
  }

  /** how many pairs and addresses are held (for tests of the bound) */
  get size(): { pairs: number; addresses: number } {
    return { pairs: this.pairs.size, addresses: this.addresses.size };
  }

  private pair(account: string, address: string, now: number) {
    const key = pairKey(account, address);
    const pair = this.pairs.get(key);
    if (pair && now - pair.last >= this.options.windowMs) {
      this.pairs.delete(key);
      return undefined;
    }
    return pair;
  }

  private recent(address: string, now: number): number[] {
    const list = (this.addresses.get(address) ?? []).filter((t) => now - t < this.options.windowMs);
    if (!list.length) this.addresses.delete(address);
    return list;
  }
}

const pairKey = (account: string, address: string) => `${account.toLowerCase()}\u0000${address}`;

/** Drop the entries touched longest ago (a Map keeps insertion order; touched keys are re-inserted). */
function bound(map: Map<string, unknown>, max: number): void {
  for (const key of map.keys()) {
    if (map.size <= max) return;
    map.delete(key);
  }
}
