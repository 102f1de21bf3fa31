/**
 * Counts failed sign-ins per email and per client address in a sliding window.
 * After `maxFailures` failures the key is refused until the window has passed.
 * Kept in memory: Penstock runs as one process; a restart forgets the counts.
 */
export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** milliseconds until the key may try again, 0 when it may try now */
  retryAfterMs(keys: readonly string[]): number {
    const now = this.now();
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= this.maxFailures) wait = Math.max(wait, recent[0]! + this.windowMs - now);
    }
    return wait;
  }

  recordFailure(keys: readonly string[]): void {
    const now = this.now();
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
  }

  reset(keys: readonly string[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }
}
