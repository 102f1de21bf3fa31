/**
 * A background pass run at start and then every `everyMs` on a timer that does not keep the process alive,
 * one pass at a time (a tick while one runs waits for it). `stop()` ends the timer and waits for the pass
 * in progress. Used by the blob collector and the workflow reminders.
 */
export class Periodic {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(everyMs: number): void {
    if (this.stopped || this.timer) return;
    const tick = () => {
      this.running = this.running.then(() => (this.stopped ? undefined : this.pass())).catch(this.onError);
    };
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
