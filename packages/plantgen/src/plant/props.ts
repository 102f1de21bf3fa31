/** Property sets by family, with the property names the viewer's catalogue and schedules read. */
import { fluid as fluidOf, inches, outsideDiameter, wallThickness } from './fluids.ts';
import type { InstrumentKind, ValveKind } from './kinds.ts';
import type { Prop } from './types.ts';

export const PSET_NAME = 'Penstock_Asset';

export const PROP = {
  tag: 'Tag',
  category: 'P&ID Class',
  modelClass: '3D Model Class',
  className: 'Class Name',
  fluid: 'Fluid Code',
  from: 'From',
  to: 'To',
  line: 'Line Number',
  size: 'Size',
  sizeMm: 'Size (mm)',
  sizeInches: 'Size (inches)',
  spec: 'Spec',
  drawing: 'PID Drawing No.',
  status: 'Status',
  minPressure: 'Min Fluid Operating Pressure (barg)',
  maxPressure: 'Max Fluid Operating Pressure (barg)',
  minTemperature: 'Min Fluid Operating Temperature (°C)',
  maxTemperature: 'Max Fluid Operating Temperature (°C)',
  length: 'Length (m)',
  outsideDiameter: 'Outside Diameter (mm)',
  wallThickness: 'Wall Thickness (mm)',
  group: 'Pipeline Group Tag',
  valveType: 'Valve Type',
  valveRating: 'Valve Pressure Rating (barg)',
  valveActuator: 'Valve Actuator',
  instrumentType: 'Instrument Type',
  rangeMin: 'Process Range - Minimum',
  rangeMax: 'Process Range - Maximum',
  units: 'Engineering Units',
  hazard: 'Hazard',
} as const;

/** What every object of one module shares. */
export interface ModuleContext {
  readonly area: number;
  readonly drawing: string;
  readonly status: 'New' | 'Existing';
  /** Set in hazardous areas: every non-civil object carries it as 'Hazard'. */
  readonly hazard?: string;
}

/** What one pipeline shares with the valves and instruments on it. */
export interface LineContext {
  readonly number: string;
  readonly fluid: string;
  readonly size: number;
  readonly from: string;
  readonly to: string;
  readonly spec: string;
  readonly status: 'New' | 'Existing' | 'Future';
  readonly category: string;
}

function head(tag: string | undefined, category: string, modelClass: string, className: string): Prop[] {
  const props: Prop[] = [];
  if (tag) props.push([PROP.tag, tag]);
  props.push([PROP.category, category], [PROP.modelClass, modelClass], [PROP.className, className]);
  return props;
}

function tail(ctx: ModuleContext, status: string = ctx.status): Prop[] {
  const props: Prop[] = [
    [PROP.drawing, ctx.drawing],
    [PROP.status, status],
  ];
  if (ctx.hazard) props.push([PROP.hazard, ctx.hazard]);
  return props;
}

function limits(code: string): Prop[] {
  const fluid = fluidOf(code);
  return [
    [PROP.minPressure, fluid.pressure[0]],
    [PROP.maxPressure, fluid.pressure[1]],
    [PROP.minTemperature, fluid.temperature[0]],
    [PROP.maxTemperature, fluid.temperature[1]],
  ];
}

function sizes(nb: number): Prop[] {
  return [
    [PROP.size, `${nb} NB`],
    [PROP.sizeMm, nb],
    [PROP.sizeInches, inches(nb)],
  ];
}

export function equipmentProps(
  ctx: ModuleContext,
  tag: string,
  category: string,
  className: string,
  fluid?: string,
): Prop[] {
  return [
    ...head(tag, category, 'Equipment', className),
    ...(fluid ? [[PROP.fluid, fluid] as Prop, ...limits(fluid)] : []),
    ...tail(ctx),
  ];
}

export function pipeProps(ctx: ModuleContext, line: LineContext, lengthMm: number): Prop[] {
  return [
    ...head(line.number, line.category, 'Piping', 'Pipe'),
    [PROP.fluid, line.fluid],
    [PROP.from, line.from],
    [PROP.to, line.to],
    [PROP.line, line.number],
    ...sizes(line.size),
    [PROP.outsideDiameter, outsideDiameter(line.size)],
    [PROP.wallThickness, wallThickness(line.size)],
    [PROP.spec, line.spec],
    [PROP.group, `PG-${ctx.area}-${line.fluid}`],
    ...limits(line.fluid),
    [PROP.length, Math.round(lengthMm) / 1000],
    ...tail(ctx, line.status),
  ];
}

/** A valve on a line, or (without a line number) in a channel, as a penstock is. */
export function valveProps(
  ctx: ModuleContext,
  kind: ValveKind,
  tag: string,
  actuator: string,
  on: Pick<LineContext, 'fluid' | 'size'> & Partial<Pick<LineContext, 'number' | 'status'>>,
): Prop[] {
  const lowPressure = on.fluid === 'AIR' || on.fluid === 'DG';
  return [
    ...head(
      tag,
      ctx.status === 'Existing' ? `${kind.category} - Existing` : kind.category,
      'Inline Asset',
      kind.className,
    ),
    [PROP.fluid, on.fluid],
    ...(on.number ? [[PROP.line, on.number] as Prop] : []),
    ...sizes(on.size),
    [PROP.valveType, kind.valveType],
    [PROP.valveRating, lowPressure ? 10 : 16],
    [PROP.valveActuator, actuator],
    [PROP.group, `PG-${ctx.area}-${on.fluid}`],
    ...limits(on.fluid),
    ...tail(ctx, on.status),
  ];
}

export function instrumentProps(
  ctx: ModuleContext,
  kind: InstrumentKind,
  tag: string,
  fluid: string,
  line?: LineContext,
): Prop[] {
  return [
    ...head(tag, kind.category, 'Instrument', kind.className),
    [PROP.fluid, fluid],
    ...(line ? [[PROP.line, line.number] as Prop, ...sizes(line.size)] : []),
    [PROP.instrumentType, kind.instrumentType],
    [PROP.rangeMin, kind.range[0]],
    [PROP.rangeMax, kind.range[1]],
    [PROP.units, kind.units],
    ...limits(fluid),
    ...tail(ctx),
  ];
}

export function panelProps(ctx: ModuleContext, tag: string, category: string): Prop[] {
  return [...head(tag, category, 'Electrical', 'ControlPanel'), ...tail(ctx)];
}

export function civilProps(
  ctx: ModuleContext,
  tag: string | undefined,
  category: string,
  className: string,
): Prop[] {
  return [
    ...head(tag, category, 'Structure', className),
    [PROP.drawing, ctx.drawing],
    [PROP.status, ctx.status],
  ];
}
