/**
 * Work the user waits for goes first. A click's properties are fetched in the foreground; background work
 * sent in parts (a large model's static values, spec 1 §7: 68 thousand records on the 100k plant) waits
 * between its parts until no foreground work is left and the user has paused (USER_QUIET_MS without a
 * pointer, wheel or key event in the page), so the server and the page answer the user's clicks instead
 * of saving. A part already sent still runs: parts are kept small for that (DATA_LIST_PIECE).
 */
const pending = new Set<Promise<unknown>>();

/** After foreground work, time for the page to show its answer before background work goes on. */
export const FOREGROUND_SETTLE_MS = 50;

/**
 * Background parts wait until the user has been still this long. On a 2-core machine drawing WebGL on the
 * CPU, a part in flight when a click lands held the click's answer 20 to 60 ms at the server and caused
 * garbage collections in the page (model bench, 100k plant); the bench's clicks, like a user's reading
 * each panel, came 2 to 6 s apart, so a shorter pause let parts start just before the next click.
 */
export const USER_QUIET_MS = 8000;

let lastActivity = Number.NEGATIVE_INFINITY;

/** The user did something (pointer, wheel, key): background parts wait for a quiet moment. */
export function noteUserActivity(at = Date.now()): void {
  lastActivity = at;
}

// any input anywhere in the page, watched from the first import of this module
if (typeof window !== 'undefined') {
  const note = () => noteUserActivity();
  for (const type of ['pointerdown', 'pointermove', 'wheel', 'keydown'] as const)
    window.addEventListener(type, note, { capture: true, passive: true });
}

/** Mark work as something the user waits for; answers the same promise. */
export function inForeground<T>(work: Promise<T>): Promise<T> {
  pending.add(work);
  const done = () => pending.delete(work);
  work.then(done, done);
  return work;
}

/**
 * Resolves once no foreground work is under way (a click's properties, another model loading into the
 * view), without waiting for the user to pause: for background loads that start on their own.
 */
export async function untilForegroundWorkDone(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once no foreground work is under way (and the page had time to show it) and the user has been
 * still for USER_QUIET_MS; at once when both already hold.
 */
export async function untilForegroundIdle(): Promise<void> {
  for (;;) {
    if (pending.size > 0) {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      await sleep(FOREGROUND_SETTLE_MS);
      continue;
    }
    const still = Date.now() - lastActivity;
    if (still >= USER_QUIET_MS) return;
    await sleep(USER_QUIET_MS - still);
  }
}

/** A new page has no user activity and no foreground work; the web tests share one page between files. */
export function resetForeground(): void {
  lastActivity = Number.NEGATIVE_INFINITY;
  pending.clear();
}
