/**
 * When the viewer draws its frames (rendering is on demand). Two kinds of request:
 * - `request()`: what the user did (a camera move, a click's highlight, a tool's change) is drawn in the
 *   next animation frame;
 * - `requestBackground()`: tiles the Fragments worker sent for a view that did not change are drawn no
 *   sooner than the last frame's cost after that frame ended, so such frames never run back to back.
 *
 * Why: on a browser that draws WebGL on the CPU (SwiftShader, with software compositing), the canvas is
 * read back at the end of each frame, so a frame of the 100k-object plant keeps the page busy for 2–5 s.
 * After the camera frames a model the worker sends tiles for several seconds, a frame after each batch:
 * back to back, they left the page free only between frames, and a click waited behind them. Spaced this
 * way, at most half the page's time goes to frames of arriving tiles, and a user's request (including one
 * made while a background frame waits its turn) takes the next animation frame.
 *
 * A frame's cost is the time from its start to the page's next task (a posted task runs after the frame's
 * commit, where the canvas is read back), not only three.js's render call, which returns once the GPU
 * commands are queued.
 */
export interface FrameScheduler {
  /** an animation frame at the next opportunity: the host's draw decides whether it draws anything */
  request(): void;
  /** a frame for tiles that arrived: spaced from the last frame by that frame's cost */
  requestBackground(): void;
  /** no frame asked for (immediate or background) nor being drawn */
  idle(): boolean;
  /** the cost of the last frame, ms (0 before the first) */
  lastCost(): number;
  dispose(): void;
}

export interface FrameSchedulerHost {
  /**
   * Draw the frame; false when nothing was drawn (frames held, nothing to draw), so no cost is taken.
   * `tilesDue`: a background frame was asked for and its turn has come (draw it).
   */
  draw(tilesDue: boolean): boolean;
  now(): number;
  requestFrame(callback: () => void): number;
  cancelFrame(handle: number): void;
  setTimer(callback: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimer(handle: ReturnType<typeof setTimeout>): void;
  /** run the callback in the page's next task (after the frame's commit) */
  nextTask(callback: () => void): void;
}

/** A background frame waits at most this long after the last one (a frame that took minutes under load). */
export const MAX_BACKGROUND_GAP_MS = 5000;

export function createFrameScheduler(host: FrameSchedulerHost): FrameScheduler {
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // a background frame asked for and not drawn yet (waiting for its turn, or for the animation frame)
  let background = false;
  // while a drawn frame's cost is being taken (until the next task)
  let measuring = false;
  let cost = 0;
  // when the page was free again after the last frame drawn
  let freeAt = Number.NEGATIVE_INFINITY;
  let disposed = false;

  const clearTimer = () => {
    if (timer !== null) host.clearTimer(timer);
    timer = null;
  };

  /** when a background frame may be drawn */
  const turn = () => freeAt + Math.min(cost, MAX_BACKGROUND_GAP_MS);

  const run = () => {
    frame = 0;
    if (disposed) return;
    const start = host.now();
    const due = background && !measuring && start >= turn();
    if (!host.draw(due)) {
      // nothing drawn before the tiles' turn: they keep it (a held frame is asked again when released)
      if (background && !due) schedule();
      return;
    }
    // whatever the frame was for, it drew the tiles that had arrived
    background = false;
    clearTimer();
    measuring = true;
    host.nextTask(() => {
      measuring = false;
      freeAt = host.now();
      cost = freeAt - start;
      // a background frame asked for while this one was drawn waits its turn from now
      if (background && !frame) schedule();
    });
  };

  const request = () => {
    if (disposed) return;
    if (!frame) frame = host.requestFrame(run);
  };

  /** The background frame's turn: at once when it has come, else a timer until then. */
  const schedule = () => {
    if (disposed || timer !== null || measuring) return;
    const wait = turn() - host.now();
    if (wait <= 0) {
      if (!frame) frame = host.requestFrame(run);
      return;
    }
    timer = host.setTimer(() => {
      timer = null;
      if (!frame && background && !disposed) frame = host.requestFrame(run);
    }, wait);
  };

  return {
    request,
    requestBackground() {
      if (disposed) return;
      background = true;
      schedule();
    },
    idle: () => frame === 0 && timer === null && !background && !measuring,
    lastCost: () => cost,
    dispose() {
      disposed = true;
      clearTimer();
      if (frame) host.cancelFrame(frame);
      frame = 0;
    },
  };
}

/** The browser's animation frames, timers and a posted message as the page's next task. */
export function browserFrameHost(draw: (tilesDue: boolean) => boolean): FrameSchedulerHost {
  const channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
  const queued: (() => void)[] = [];
  if (channel)
    channel.port1.onmessage = () => {
      for (const callback of queued.splice(0)) callback();
    };
  return {
    draw,
    now: () => performance.now(),
    requestFrame: (callback) => requestAnimationFrame(callback),
    cancelFrame: (handle) => cancelAnimationFrame(handle),
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle),
    nextTask(callback) {
      if (!channel) {
        setTimeout(callback, 0);
        return;
      }
      queued.push(callback);
      channel.port2.postMessage(null);
    },
  };
}
