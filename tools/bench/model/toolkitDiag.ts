/**
 * Dev aids of the toolkit bench's click row (PENSTOCK_BENCH_DIAG=<folder>): the viewer's state before each
 * click and what ran in the page between the pointer up and the panel (long tasks, draws, the viewer's
 * `penstock:click:*` User Timing marks). Page functions: each is serialised alone (see toolkitPage.ts).
 */
import type { ToolkitWindow } from './toolkitPage.ts';

/** PENSTOCK_BENCH_DIAG: each click's state before it and what ran between the pointer up and the panel */
export const diag = Boolean(process.env.PENSTOCK_BENCH_DIAG);

/** The viewer's state just before a click (a dev aid). */
export function clickState(): string {
  const w = window as unknown as ToolkitWindow;
  const hook = w.__penstockViewer;
  return `ready ${hook?.pickReady()} settled ${hook?.settled()}`;
}

/** The long tasks, draws and viewer marks from a second before the click to its panel (a dev aid). */
export async function clickWindow(): Promise<string> {
  const w = window as unknown as ToolkitWindow;
  const clickAt = w.__clickAt ?? 0;
  const panelAt = await Promise.race([
    w.__panel!,
    new Promise<number>((resolve) => setTimeout(() => resolve(performance.now()), 100)),
  ]);
  const from = clickAt - 1000;
  const rel = (t: number) => Math.round(t - clickAt);
  const probe = w.__toolkitProbe;
  const long = (probe.longTasks ?? []).filter((t) => t.at + t.ms > from && t.at < panelAt);
  const draws = (probe.timeline ?? []).filter((d) => d.at + d.ms > from && d.at < panelAt);
  const marks = performance
    .getEntriesByType('mark')
    .filter((m) => m.name.startsWith('penstock:click') && m.startTime > from && m.startTime < panelAt + 1);
  return [
    `panel +${rel(panelAt)}`,
    `long ${long.map((t) => `${rel(t.at)}+${Math.round(t.ms)}`).join(' ')}`,
    `draws ${draws.map((d) => `${rel(d.at)}+${Math.round(d.ms)}${d.canvas ? 'c' : 'i'}`).join(' ')}`,
    `marks ${marks.map((m) => `${m.name.slice('penstock:click:'.length)} ${rel(m.startTime)}`).join(', ')}`,
  ].join(' | ');
}
