import { describe, expect, it } from 'vitest';
import { Periodic } from './periodic.ts';

describe('Periodic', () => {
  it('runs at start and on every tick, one pass at a time, and stop() waits for the pass in progress', async () => {
    let active = 0;
    let most = 0;
    let passes = 0;
    let release: () => void = () => {};
    const periodic = new Periodic(
      async () => {
        active += 1;
        most = Math.max(most, active);
        passes += 1;
        await new Promise<void>((resolve) => (release = resolve));
        active -= 1;
      },
      () => {},
    );
    periodic.start(5);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(passes).toBe(1); // the ticks wait behind the running pass
    const stopped = periodic.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    release();
    await stopped;
    expect(most).toBe(1);
    expect(passes).toBe(1); // no pass after stop
  });

  it('reports a failed pass and keeps going', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const periodic = new Periodic(
      () => {
        passes += 1;
        return Promise.reject(new Error('boom'));
      },
      (error) => errors.push(error),
    );
    periodic.start(5);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await periodic.stop();
    expect(passes).toBeGreaterThan(1);
    expect(errors.length).toBe(passes);
  });
});
