/**
 * Work the user waits for goes first. A click's properties are fetched in the foreground; background work
 * sent in parts (a large model's static values, spec 1 §7: 68 thousand records on the 100k plant, saved
 * over half a minute after it is drawn) waits between its parts until no foreground work is left, so the
 * server and the page answer the click instead of the next part. A part already sent still runs: parts
 * are kept small for that (DATA_LIST_PIECE).
 */
const pending = new Set<Promise<unknown>>();

/** After foreground work, time for the page to show its answer before background work goes on. */
export const FOREGROUND_SETTLE_MS = 50;

/** Mark work as something the user waits for; answers the same promise. */
export function inForeground<T>(work: Promise<T>): Promise<T> {
  pending.add(work);
  const done = () => pending.delete(work);
  work.then(done, done);
  return work;
}

/** Resolves once no foreground work is under way (at once when none is), and the page had time to show it. */
export async function untilForegroundIdle(): Promise<void> {
  if (pending.size === 0) return;
  while (pending.size > 0) await Promise.allSettled([...pending]);
  await new Promise((resolve) => setTimeout(resolve, FOREGROUND_SETTLE_MS));
}
