/** The toolkit rows (issue 33 §6, toolkitBench.ts) as a Markdown table, and their aims marked met or not met. */

/** a click's time to the panel's values (ms), or why it has none */
export type ClickOutcome = number | 'missed' | 'timed out';

export interface FederatedTiming {
  /** clicks on each model (the run made for them), null in the timed runs */
  clicks: ModelClicks[] | null;
  /** from the click on the plant to every model drawn (a pixel read back in the frame after) */
  drawnMs: number;
  /** from the click on the plant to the viewer's first frame with every model, a pixel read back after it */
  frameDrawnMs: number;
  plantDrawnMs: number;
  /** from the plant drawn to both federation.add calls resolved */
  addsMs: number;
  /**
   * each added model's .frag download (asked for at the click, beside the plant's load), the wait for it
   * after the plant was drawn (and the models before it added), and federation.add to its first tiles (ms)
   */
  adds: { model: string; fetchMs: number; waitMs: number; addMs: number }[];
}

/** othersHidden: no place to click the model with the other added models shown, so they were hidden */
export interface ModelClicks {
  model: string;
  /** from the pointer up's own time (the input) to the panel's values */
  outcomes: ClickOutcome[];
  /** the answered clicks from the pointer up's dispatch in the page (the earlier criterion) */
  dispatched?: number[];
  othersHidden: boolean;
}

export interface FederationRow {
  runs: number;
  /** peak memory of a browser with the bare page open and nothing loaded */
  idleMb: number;
  /** the bare .frag load of each model alone (the median run of the sums) */
  bare: { name: string; drawnMs: number | null; peakMb: number }[];
  penstock: { value: FederatedTiming | 'timeout' | 'error'; peakMb: number; error?: string };
  /** from one more federated load, made for them; a text when it did not finish */
  clicks: ModelClicks[] | string;
}

export interface SectionRow {
  steps: number;
  rounds: number;
  /** canvas draw times (ms) over the camera path without a section, and with the moving plane */
  without: number[];
  with: number[];
  /** each step's time, from restoring the view to its frame drawn (ms) */
  stepsWithout: number[];
  stepsWith: number[];
}

export interface SnapRow {
  moves: number;
  /** moves where a snap was found */
  found: number;
  /** the snaps found by kind (vertex, midpoint, edge, face) */
  kinds?: Record<string, number>;
  times: number[];
}

export interface ToolkitResult {
  plant: string;
  fixtures: string[];
  /** a text: why the row was not measured */
  federation: FederationRow | string;
  section: SectionRow | string;
  snap: SnapRow | string;
}

export const FRAME_METHOD =
  "the viewer's own canvas draws, each timed in the page around three.js's render call with a 1-pixel readPixels after it (the rasterisation counted; the renderer found through three.js's __THREE_DEVTOOLS__ hook, the GPU picker's id-buffer draws left out); a step restores the view (restoreViewerState) with the next camera and plane and waits for the frame after it";

const s = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
const ms1 = (ms: number) => `${ms.toFixed(1)} ms`;
const ratio = (r: number) => `${r.toFixed(2)}×`;

export function percentile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** ' (p50 …, p95 …)' of a model's answered clicks */
function clickSpread(outcomes: readonly ClickOutcome[]): string {
  const times = outcomes.filter((o): o is number => typeof o === 'number');
  return times.length ? ` (p50 ${s(percentile(times, 0.5)!)}, p95 ${s(percentile(times, 0.95)!)})` : '';
}

interface Figures {
  drawn: { penstock: number; bare: number; ratio: number } | null;
  memory: { penstock: number; bare: number; ratio: number } | null;
  clicks: {
    p50: number;
    p95: number;
    clicks: number;
    misses: number;
    timeouts: number;
    /** the answered clicks from the pointer up's dispatch (the earlier criterion), when recorded */
    dispatched: { p50: number; p95: number } | null;
  } | null;
  section: { without50: number; with50: number; without95: number; with95: number; ratio: number } | null;
  snap: { p50: number; p95: number } | null;
}

function figuresOf(result: ToolkitResult): Figures {
  const f: Figures = { drawn: null, memory: null, clicks: null, section: null, snap: null };
  const fed = result.federation;
  if (typeof fed === 'object' && typeof fed.penstock.value === 'object' && fed.bare.length) {
    const timing = fed.penstock.value;
    const bareTimes = fed.bare.map((b) => b.drawnMs);
    if (bareTimes.every((t) => t !== null)) {
      const bare = bareTimes.reduce((a, b) => a + b, 0);
      f.drawn = { penstock: timing.frameDrawnMs, bare, ratio: timing.frameDrawnMs / bare };
    }
    const bareMb = fed.bare.reduce((a, b) => a + b.peakMb, 0);
    if (bareMb > 0 && fed.penstock.peakMb > 0)
      f.memory = { penstock: fed.penstock.peakMb, bare: bareMb, ratio: fed.penstock.peakMb / bareMb };
  }
  if (typeof fed === 'object' && typeof fed.clicks === 'object') {
    const outcomes = fed.clicks.flatMap((c) => c.outcomes);
    const times = outcomes.filter((o): o is number => typeof o === 'number');
    const dispatched = fed.clicks.flatMap((c) => c.dispatched ?? []);
    if (outcomes.length)
      f.clicks = {
        p50: percentile(times, 0.5) ?? 0,
        p95: percentile(times, 0.95) ?? 0,
        clicks: outcomes.length,
        misses: outcomes.filter((o) => o === 'missed').length,
        timeouts: outcomes.filter((o) => o === 'timed out').length,
        dispatched: dispatched.length
          ? { p50: percentile(dispatched, 0.5)!, p95: percentile(dispatched, 0.95)! }
          : null,
      };
  }
  const sec = result.section;
  if (typeof sec === 'object' && sec.without.length && sec.with.length) {
    const [without50, with50] = [percentile(sec.without, 0.5)!, percentile(sec.with, 0.5)!];
    f.section = {
      without50,
      with50,
      without95: percentile(sec.without, 0.95)!,
      with95: percentile(sec.with, 0.95)!,
      ratio: with50 / without50,
    };
  }
  const snap = result.snap;
  if (typeof snap === 'object' && snap.times.length)
    f.snap = { p50: percentile(snap.times, 0.5)!, p95: percentile(snap.times, 0.95)! };
  return f;
}

export function renderToolkit(result: ToolkitResult | string | undefined): string {
  const heading = "## Engineer's 3D toolkit (issue 33 §6; time · peak browser memory)";
  if (result === undefined) return `${heading}\n\nnot run`;
  if (typeof result === 'string') return `${heading}\n\n${result}`;
  const f = figuresOf(result);
  const models = [result.plant, ...result.fixtures].join(' + ');
  const fed = result.federation;
  const rows: string[][] = [];
  if (typeof fed === 'string') rows.push(['federation', models, fed, '']);
  else {
    const p = fed.penstock;
    const timing = typeof p.value === 'object' ? p.value : null;
    const bare = fed.bare.map(
      (b) => `${b.name} ${b.drawnMs === null ? 'failed' : s(b.drawnMs)} · ${Math.round(b.peakMb)} MB`,
    );
    rows.push([
      'federation: drawn together',
      models,
      f.drawn
        ? `${s(f.drawn.penstock)} vs ${s(f.drawn.bare)} bare (sum): ${ratio(f.drawn.ratio)}`
        : `not measured (${timing ? 'a bare load failed' : [p.value, p.error?.split('\n')[0]].filter(Boolean).join(': ')})`,
      `bare loads, each alone in a fresh browser: ${bare.join(', ')}; Penstock: from the click on the plant to the viewer's first frame with every model's meshes, rasterised (a pixel read back right after that draw, as the bare page does after its render)${timing ? ` (plant drawn at ${s(timing.plantDrawnMs)}, then federation.add of the others, one after the other, ${s(timing.addsMs)}, their .frag downloaded from the click on beside the plant's load: ${timing.adds.map((a) => `${a.model} downloaded in ${s(a.fetchMs)}, waited for ${s(a.waitMs)}, added in ${s(a.addMs)}`).join('; ')}; the viewer's first frame with every model's meshes rasterised ${s(timing.frameDrawnMs - timing.plantDrawnMs - timing.addsMs)} after that; by the earlier criterion, a pixel read back in the frame after all are shown, which takes one more of the viewer's frames when it draws again in that frame, ${s(timing.drawnMs)}: ${f.drawn ? ratio(timing.drawnMs / f.drawn.bare) : '?'})` : ''}; the median of ${fed.runs} run${fed.runs === 1 ? '' : 's'} each, alternating`,
    ]);
    rows.push([
      'federation: browser memory',
      models,
      f.memory
        ? `${Math.round(f.memory.penstock)} MB vs ${Math.round(f.memory.bare)} MB bare (sum): ${ratio(f.memory.ratio)}`
        : 'not measured',
      `peak PSS of the run's Chromium processes; the bare sum counts three browsers, each with its own baseline${f.memory && fed.idleMb > 0 ? `: with one browser's (${Math.round(fed.idleMb)} MB with the bare page idle) counted once, the sum is ${Math.round(f.memory.bare - 2 * fed.idleMb)} MB and the ratio ${ratio(f.memory.penstock / (f.memory.bare - 2 * fed.idleMb))}` : ''}`,
    ]);
    const c = f.clicks;
    rows.push([
      'federation: click to properties',
      models,
      c
        ? `p95 ${s(c.p95)} · p50 ${s(c.p50)} (${c.clicks} clicks${c.misses + c.timeouts ? `, ${c.misses} missed, ${c.timeouts} timed out` : ''})`
        : typeof fed.clicks === 'string'
          ? fed.clicks
          : 'no clicks',
      `${typeof fed.clicks === 'object' ? fed.clicks.map((m) => `${m.model}: ${m.outcomes.length} clicks${clickSpread(m.outcomes)}${m.othersHidden ? ' (the other added model hidden: with it shown no click finds this one)' : ''}`).join(', ') : ''}; each model framed in turn (fitModel, the others shown), targets where the worker's raycast of every shown model (viewer.pickPoint) names that model's object at the pixel and the four beside it; from the pointer up's own time (event.timeStamp: the input, before any wait for a frame the page was drawing) to the Properties dialog showing values${c?.dispatched ? `; from the pointer up's dispatch in the page (the criterion before 2026-11-29 evening) p95 ${s(c.dispatched.p95)} · p50 ${s(c.dispatched.p50)}` : ''}; in one more federated load made for the clicks`,
    ]);
  }
  const sec = result.section;
  rows.push([
    'section plane moving',
    result.plant,
    f.section
      ? `draw p50 ${ms1(f.section.with50)} with the plane vs ${ms1(f.section.without50)} without: ${ratio(f.section.ratio)}`
      : typeof sec === 'string'
        ? sec
        : 'no frames',
    typeof sec === 'object' && f.section
      ? `p95 ${ms1(f.section.with95)} with vs ${ms1(f.section.without95)} without (${ratio(f.section.with95 / f.section.without95)}); ${sec.with.length} and ${sec.without.length} frames over ${sec.rounds} × ${sec.steps} camera steps (an orbit of 40°), the plane (normal +X) moved at every step; ${FRAME_METHOD}; a whole step (restoreViewerState, then the frame after it; the caps are drawn meanwhile in the background) p50 ${s(percentile(sec.stepsWith, 0.5) ?? 0)} with vs ${s(percentile(sec.stepsWithout, 0.5) ?? 0)} without`
      : '',
  ]);
  const snap = result.snap;
  rows.push([
    'measurement snap',
    result.plant,
    f.snap && typeof snap === 'object'
      ? `p95 ${ms1(f.snap.p95)} · p50 ${ms1(f.snap.p50)} per pointer move`
      : typeof snap === 'string'
        ? snap
        : 'no moves',
    typeof snap === 'object'
      ? `viewer.measurements.snapAt(clientX, clientY) timed in the page to its answer, ${snap.moves} moves (one per frame) along three lines across the framed view, a snap found at ${snap.found}${
          snap.kinds
            ? ` (${Object.entries(snap.kinds)
                .map(([kind, n]) => `${n} ${kind}`)
                .join(', ')})`
            : ''
        }`
      : '',
  ]);
  return [
    heading,
    [
      '| row | models | result | detail |',
      '|---|---|---|---|',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    ].join('\n'),
  ].join('\n\n');
}

/** The aims of issue 33 §6 as lines for the Aims list. */
export function toolkitAims(result: ToolkitResult | string | undefined): string[] {
  const f = typeof result === 'object' ? figuresOf(result) : null;
  const line = (
    text: string,
    value: number | null | undefined,
    limit: number,
    show: (v: number) => string,
    why?: string,
  ) =>
    value === null || value === undefined
      ? `- ${text}: **not measured**${why ? ` (${why})` : ''}`
      : `- ${text}: **${value <= limit ? 'met' : 'not met'}** (${show(value)})`;
  const clicks = f?.clicks;
  const snapWhy =
    typeof result === 'object' && typeof result.snap === 'string'
      ? result.snap.replace(/^not measured: /, '')
      : undefined;
  return [
    line(
      '33.6a Federation (the plant and two fixtures) drawn within 1.1× the sum of their bare .frag loads',
      f?.drawn?.ratio,
      1.1,
      ratio,
    ),
    line(
      '33.6b Federated browser memory within 1.3× the sum of the bare loads',
      f?.memory?.ratio,
      1.3,
      ratio,
    ),
    line(
      '33.6c Click to properties within 50 ms at p95 in the federated view (misses fail)',
      clicks ? (clicks.misses + clicks.timeouts > 0 ? Infinity : clicks.p95) : null,
      50,
      (v) => (Number.isFinite(v) ? s(v) : `${clicks!.misses} missed, ${clicks!.timeouts} timed out`),
    ),
    line(
      '33.6d Moving a section plane: frame time within 1.3× of no section (p50)',
      f?.section?.ratio,
      1.3,
      ratio,
    ),
    line('33.6e Measurement snap under the pointer within 16 ms at p95', f?.snap?.p95, 16, ms1, snapWhy),
  ];
}
