/**
 * Lays the works out on a site grid. Modules are produced round-robin over the seven streams until exactly
 * `elements` elements exist; the modules of one index form a row (a treatment train across all seven
 * process areas, in process order, see layout.ts), and rows stack northwards in blocks set side by side so
 * that a large site stays roughly square.
 */
import { Rng } from '../rng.ts';
import { ROW_PITCH, ROW_WIDTH } from './layout.ts';
import { buildingsModule } from './buildings.ts';
import { buildModule } from './module.ts';
import { STREAMS } from './streams.ts';
import { DEFAULT_WORKS_NAME, TagBook, initials } from './tags.ts';
import type { PlantModule, PlantOptions } from './types.ts';

/** No module has fewer elements than this, so the row count estimate is never too small. */
const MIN_MODULE_ELEMENTS = 28;

export interface PlantIdentity {
  readonly name: string;
  /** Prefix of P&ID drawing numbers, e.g. 'RWTW-PID'. */
  readonly drawingPrefix: string;
}

export function plantIdentity(options: Pick<PlantOptions, 'name'>): PlantIdentity {
  const name = options.name ?? DEFAULT_WORKS_NAME;
  return { name, drawingPrefix: `${initials(name)}-PID` };
}

export function validateOptions(options: PlantOptions): void {
  if (!Number.isInteger(options.elements) || options.elements < 1) {
    throw new RangeError(`elements must be a positive integer, got ${options.elements}`);
  }
  if (!Number.isInteger(options.seed)) throw new RangeError(`seed must be an integer, got ${options.seed}`);
}

/**
 * Yields the plant's modules in order; the last one may be cut short to hit the element count. A module's
 * content depends only on the seed and its position in the order, not on the plant's size, so drawings can
 * be made of the first modules of any plant (only site coordinates change with size).
 */
export function* planPlant(
  options: PlantOptions & { readonly drawingPrefix?: string },
): Generator<PlantModule> {
  validateOptions(options);
  const drawingPrefix = options.drawingPrefix ?? plantIdentity(options).drawingPrefix;
  const rng = new Rng(options.seed, 1);
  const tags = new TagBook();
  const rows = Math.max(1, Math.ceil(options.elements / MIN_MODULE_ELEMENTS / STREAMS.length));
  const blocks = Math.max(1, Math.round(Math.sqrt((rows * ROW_PITCH) / ROW_WIDTH)));
  const rowsPerBlock = Math.ceil(rows / blocks);

  let produced = 0;
  for (let g = 0; produced < options.elements; g++) {
    const areaIndex = g % STREAMS.length;
    const stream = STREAMS[areaIndex];
    if (!stream) throw new Error('no stream');
    const index = Math.floor(g / STREAMS.length);
    const origin = [
      Math.floor(index / rowsPerBlock) * ROW_WIDTH,
      (index % rowsPerBlock) * ROW_PITCH,
    ] as const;
    const modules = [buildModule({ stream, index, origin, rng, tags, drawingPrefix })];
    if (options.buildings && areaIndex === STREAMS.length - 1)
      modules.push(buildingsModule(index, origin, drawingPrefix));
    for (const module of modules) {
      const room = options.elements - produced;
      if (room <= 0) break;
      if (module.elements.length <= room) {
        produced += module.elements.length;
        yield module;
        continue;
      }
      const elements = module.elements.slice(0, room);
      const used = new Set(elements.map((e) => e.line));
      produced += elements.length;
      yield { ...module, elements, lines: module.lines.filter((line) => used.has(line.number)) };
    }
  }
}
