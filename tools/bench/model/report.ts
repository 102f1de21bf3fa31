/** The results as Markdown tables, and the issue's aims marked met or not met. */
import { firstLoadAim, renderFirstLoad, type FirstLoadRow } from './firstLoad.ts';
import type { Measured, PageRow } from './pageBench.ts';
import type { ApiTiming, PenstockTiming } from './penstockBench.ts';
import type { ServerRow } from './serverBench.ts';
import { renderToolkit, toolkitAims, type ToolkitResult } from './toolkitReport.ts';

export interface ModelResult {
  name: string;
  file: string;
  elements: number | null;
  ifcBytes: number;
  server: ServerRow;
  page?: PageRow;
  penstock?: { value: PenstockTiming | 'n/a' | 'timeout' | 'error'; peakMb: number; error?: string };
}

export interface Results {
  models: ModelResult[];
  api?: { model: string; objects: number; timing: ApiTiming | string };
  /** issue 15 aim 7: gzipped script before a model is opened (firstLoad.ts) */
  firstLoad?: FirstLoadRow[] | string;
  /** issue 33 §6: the engineer's 3D toolkit (toolkitBench.ts); a text when it was not measured */
  toolkit?: ToolkitResult | string;
  /** lines of the aims measured by other benches (otherAims.ts) */
  otherAims?: string[];
  notes: string[];
}

const s = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
const mb = (value: number) => `${Math.round(value)} MB`;
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} kB`;
const table = (head: string[], rows: string[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

type Outcome = { ms: number } | { text: string };
function outcome(
  m: Measured | ModelResult['penstock'] | undefined,
  field: 'toDrawnMs' | 'toReadyMs',
): Outcome {
  if (!m) return { text: 'not run' };
  if (typeof m.value === 'string')
    return { text: m.value === 'n/a' ? 'n/a (viewer not available)' : m.value };
  return { ms: m.value[field] };
}
const cell = (o: Outcome, peakMb?: number) =>
  'ms' in o ? `${s(o.ms)}${peakMb === undefined ? '' : ` · ${mb(peakMb)}`}` : o.text;
const ratio = (a: Outcome, b: Outcome) => ('ms' in a && 'ms' in b && b.ms > 0 ? a.ms / b.ms : null);
const fmtRatio = (r: number | null, digits = 2) => (r === null ? '–' : `${r.toFixed(digits)}×`);

export function renderTables(results: Results): string {
  const conversion = table(
    [
      'model',
      'elements',
      'bare time',
      'bare peak RSS',
      'bare .frag',
      'Penstock time',
      'peak RSS',
      '.frag',
      'objects',
      'ratio',
    ],
    results.models.map(({ name, elements, ifcBytes, server: { bare, penstock } }) => [
      `${name} (${size(ifcBytes)})`,
      elements?.toLocaleString('en') ?? '–',
      bare.error ? `failed: ${bare.error.slice(0, 80)}` : s(bare.ms),
      mb(bare.peakMb),
      size(bare.bytes),
      penstock.error ? `failed: ${penstock.error.slice(0, 80)}` : s(penstock.ms),
      mb(penstock.peakMb),
      size(penstock.bytes),
      penstock.objects?.toLocaleString('en') ?? '–',
      bare.ms > 0 && penstock.ms > 0 ? fmtRatio(penstock.ms / bare.ms) : '–',
    ]),
  );
  const browser = table(
    [
      'model',
      '(a) bare .frag drawn',
      'Penstock drawn',
      'Penstock properties ready',
      'ratio to (a)',
      '(b) in-browser IFC',
      'speed-up vs (b)',
      '(c) read all psets',
      'panel click→values',
    ],
    results.models.map((m) => {
      const a = outcome(m.page?.frag, 'toDrawnMs');
      const drawn = outcome(m.penstock, 'toDrawnMs');
      const b = outcome(m.page?.ifc, 'toDrawnMs');
      const p = m.penstock?.value;
      return [
        m.name,
        cell(a, m.page?.frag.peakMb),
        cell(drawn, m.penstock?.peakMb),
        cell(outcome(m.penstock, 'toReadyMs')),
        fmtRatio(ratio(drawn, a)),
        cell(b, m.page?.ifc.peakMb),
        fmtRatio(ratio(b, drawn), 1),
        cell(outcome(m.page?.props, 'toReadyMs'), m.page?.props.peakMb),
        panelCell(p),
      ];
    }),
  );
  const api = results.api;
  const apiTable = !api
    ? 'not run'
    : typeof api.timing === 'string'
      ? `${api.model}: ${api.timing}`
      : table(
          [
            'model',
            'objects',
            'tagged records',
            'getdynamic (fresh)',
            'savestatic',
            'savedynamic',
            'getdynamic (after)',
            'full sync',
            'panel click→values',
          ],
          [
            [
              api.model,
              api.objects.toLocaleString('en'),
              api.timing.records.toLocaleString('en'),
              s(api.timing.getdynamicEmptyMs),
              s(api.timing.savestaticMs),
              s(api.timing.savedynamicMs),
              s(api.timing.getdynamicMs),
              s(api.timing.syncMs),
              panelOf(results, api.model),
            ],
          ],
        );
  return [
    '## Server conversion',
    conversion,
    '## Browser load (time · peak browser memory)',
    browser,
    '## Server API',
    apiTable,
    renderFirstLoad(results.firstLoad),
    renderToolkit(results.toolkit),
    '## Aims',
    aims(results),
  ].join('\n\n');
}

function panelCell(p: PenstockTiming | string | undefined) {
  if (typeof p !== 'object') return '–';
  const c = p.clicks;
  if (!c) return 'no object on screen';
  const failed = c.misses + c.timeouts;
  return `p95 ${s(c.p95Ms)} · p50 ${s(c.p50Ms)} (${c.clicks} clicks${failed ? `, ${c.misses} missed, ${c.timeouts} timed out` : ''})`;
}

function panelOf(results: Results, model: string): string {
  return panelCell(results.models.find((m) => m.name === model)?.penstock?.value);
}

function aims(results: Results): string {
  const largest = [...results.models].filter((m) => m.elements).sort((x, y) => y.elements! - x.elements!)[0];
  const at = (m: ModelResult | undefined) =>
    m ? (m.elements === 100_000 ? '' : ` (at ${m.name}, not 100k)`) : ' (no generated model)';
  const lines: string[] = [];
  const aim = (
    text: string,
    values: (number | null)[],
    limit: (v: number) => boolean,
    show: (v: number) => string,
  ) => {
    const known = values.filter((v): v is number => v !== null);
    if (known.length === 0) return lines.push(`- ${text}: **not measured**`);
    const met = known.every(limit);
    lines.push(`- ${text}: **${met ? 'met' : 'not met'}** (${known.map(show).join(', ')})`);
  };
  const penstockOf = (m: ModelResult) => outcome(m.penstock, 'toDrawnMs');
  const timing = (m: ModelResult) => (typeof m.penstock?.value === 'object' ? m.penstock.value : null);
  const generated = (m: ModelResult) => m.elements !== null;
  const clickP95 = (m: ModelResult) => {
    const c = timing(m)?.clicks;
    // a missed or unanswered click fails the aim: it counts as an infinitely slow one
    return c ? (c.misses + c.timeouts > 0 ? Infinity : c.p95Ms) : null;
  };
  aim(
    '1. Click to properties within 50 ms at p95 on every model (misses fail)',
    results.models.map(clickP95),
    (v) => v <= 50,
    (v) => (Number.isFinite(v) ? s(v) : 'missed'),
  );
  aim(
    '2. Fixture models drawn within 1.3× the bare .frag load',
    results.models
      .filter((m) => !generated(m))
      .map((m) => ratio(penstockOf(m), outcome(m.page?.frag, 'toDrawnMs'))),
    (v) => v <= 1.3,
    (v) => fmtRatio(v),
  );
  aim(
    `3a. Largest plant drawn within 1.1× the bare .frag load${at(largest)}`,
    [largest ? ratio(penstockOf(largest), outcome(largest.page?.frag, 'toDrawnMs')) : null],
    (v) => v <= 1.1,
    (v) => fmtRatio(v),
  );
  const largestTiming = largest ? timing(largest) : null;
  aim(
    `3b. Properties ready within 0.5 s of drawing${at(largest)}`,
    [largestTiming ? Math.max(0, largestTiming.toReadyMs - largestTiming.toDrawnMs) : null],
    (v) => v <= 500,
    s,
  );
  aim(
    `4. Browser peak memory within 1.3× the bare .frag load${at(largest)}`,
    [
      largest?.penstock && largest.page?.frag && largest.page.frag.peakMb > 0 && largest.penstock.peakMb > 0
        ? largest.penstock.peakMb / largest.page.frag.peakMb
        : null,
    ],
    (v) => v <= 1.3,
    (v) => fmtRatio(v),
  );
  aim(
    '5. Conversion plus object index within 1.15× the bare importer on the generated plants',
    results.models
      .filter(generated)
      .map(({ server: { bare, penstock } }) =>
        bare.ms > 0 && penstock.ms > 0 ? penstock.ms / bare.ms : null,
      ),
    (v) => v <= 1.15,
    (v) => fmtRatio(v),
  );
  lines.push(firstLoadAim(results.firstLoad));
  lines.push(...toolkitAims(results.toolkit));
  lines.push(...(results.otherAims ?? []));
  return lines.join('\n');
}
