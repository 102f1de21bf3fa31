/**
 * Failed sign-ins, counted per account and client address pair, and per client address (OWASP's
 * advice against lock-outs):
 * - a pair may fail `freeFailures` times within the window; from then on it waits before its next try,
 *   1 s after the last free failure and twice as long after each further one (at most `maxDelayMs`). The
 *   owner signing in from their own address is another pair: a stranger's guesses slow the stranger down,
 *   never the owner;
 * - an address past `maxPerAddress` failures within `windowMs` waits until the oldest of them leaves the
 *   window (one client trying many accounts).
 * Failures older than the window count no more, and a correct sign-in clears its pair. The failures are
 * kept in a store: the database (signinFailures.repo.ts), so that every server of an installation counts
 * the same ones (issue 17), or memory (bounded to `maxKeys` pairs and addresses) for a test.
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

/** Where failures are kept: their times (ms) since `since`, for the pair and for the address. */
export interface ThrottleStore {
  failures(account: string, address: string, since: number): Promise<{ pair: number[]; address: number[] }>;
  record(account: string, address: string, at: number, forgetBefore: number): Promise<void>;
  clear(account: string, address: string): Promise<void>;
}

export class SignInThrottle {
  private readonly options: SignInThrottleOptions;

  constructor(
    private readonly store: ThrottleStore,
    options: Partial<SignInThrottleOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.options = { ...DEFAULT_SIGN_IN_THROTTLE, ...options };
  }

  /** milliseconds until this account may be tried from this address, 0 when now */
  async retryAfterMs(account: string, address: string): Promise<number> {
    const now = this.now();
    const { pair, address: recent } = await this.store.failures(
      account.toLowerCase(),
      address,
      now - this.options.windowMs,
    );
    return waitAfter(pair, recent, now, this.options);
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const now = this.now();
    await this.store.record(account.toLowerCase(), address, now, now - this.options.windowMs);
  }

  /** a correct sign-in clears its pair (not the address: its own account must not reset a guesser) */
  async succeeded(account: string, address: string): Promise<void> {
    await this.store.clear(account.toLowerCase(), address);
  }
}

/** The wait a pair's and an address's failures within the window (oldest first) impose at `now`. */
export function waitAfter(
  pair: readonly number[],
  address: readonly number[],
  now: number,
  options: SignInThrottleOptions,
): number {
  let wait = 0;
  if (pair.length >= options.freeFailures) {
    const delay = Math.min(
      options.maxDelayMs,
      options.baseDelayMs * 2 ** (pair.length - options.freeFailures),
    );
    wait = Math.max(0, pair[pair.length - 1]! + delay - now);
  }
  if (address.length >= options.maxPerAddress)
    wait = Math.max(wait, address[address.length - options.maxPerAddress]! + options.windowMs - now);
  return wait;
}

/** Failures in memory, bounded to `maxKeys` pairs and addresses (the longest untouched go first). */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly pairs = new Map<string, number[]>();
  private readonly addresses = new Map<string, number[]>();

  constructor(private readonly maxKeys = DEFAULT_SIGN_IN_THROTTLE.maxKeys) {}

  async failures(account: string, address: string, since: number) {
    const recent = (list: number[] | undefined) => (list ?? []).filter((at) => at > since);
    return {
      pair: recent(this.pairs.get(pairKey(account, address))),
      address: recent(this.addresses.get(address)),
    };
  }

  async record(account: string, address: string, at: number, forgetBefore: number): Promise<void> {
    touch(this.pairs, pairKey(account, address), at, forgetBefore, this.maxKeys);
    touch(this.addresses, address, at, forgetBefore, this.maxKeys);
  }

  async clear(account: string, address: string): Promise<void> {
    this.pairs.delete(pairKey(account, address));
  }

  /** how many pairs and addresses are held (for tests of the bound) */
  get size(): { pairs: number; addresses: number } {
    return { pairs: this.pairs.size, addresses: this.addresses.size };
  }
}

const pairKey = (account: string, address: string) => `${account}\u0000${address}`;

function touch(map: Map<string, number[]>, key: string, at: number, forgetBefore: number, max: number): void {
  const list = [...(map.get(key) ?? []).filter((t) => t > forgetBefore), at];
  map.delete(key);
  map.set(key, list);
  // a Map keeps insertion order and touched keys are re-inserted: the first are the longest untouched
  for (const old of map.keys()) {
    if (map.size <= max) return;
    map.delete(old);
  }
}
