// Every symbol drawn for Penstock (not taken from a source set), by group. Each is one stencil <shape>,
// converted by stencilToSvg like the draw.io set, so the whole library shares one line style.
import { AERATORS, MOTORS_DRIVES, VALVE_OPERATORS } from './equipment.ts';
import { PIPELINES, SIGNAL_LINES } from './lines.ts';
import { GREEN_BOXES, PAGE_CONNECTORS, WNI_ASSEMBLIES, WRNI_ASSEMBLIES } from './networks.ts';
import { GRIT_HANDLING, PRESSES } from './process.ts';
import { EMERGENCY_EQUIPMENT, SAMPLE_EQUIPMENT } from './safety.ts';
import type { DrawnSymbol } from './stencil.ts';

export type { DrawnSymbol } from './stencil.ts';

export const PENSTOCK_STENCILS: DrawnSymbol[] = [
  ...MOTORS_DRIVES,
  ...AERATORS,
  ...PIPELINES,
  ...SIGNAL_LINES,
  ...VALVE_OPERATORS,
  ...GRIT_HANDLING,
  ...PRESSES,
  ...EMERGENCY_EQUIPMENT,
  ...SAMPLE_EQUIPMENT,
  ...PAGE_CONNECTORS,
  ...WNI_ASSEMBLIES,
  ...WRNI_ASSEMBLIES,
  ...GREEN_BOXES,
];
