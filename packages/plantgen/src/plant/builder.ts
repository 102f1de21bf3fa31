/** Collects one module's elements and lines: pipe legs, valves at joints, instruments and the rest. */
import type { Rng } from '../rng.ts';
import { instrumentBody, valveBody } from './bodies.ts';
import { fluid as fluidOf, outsideDiameter } from './fluids.ts';
import { valveKind, type InstrumentKind } from './kinds.ts';
import { DECK_ELEVATION } from './layout.ts';
import { pipeStyle } from './palette.ts';
import { instrumentProps, pipeProps, valveProps, type LineContext, type ModuleContext } from './props.ts';
import { axisOf, cylinder, move, shift } from './solids.ts';
import type { LineSpec } from './streams.ts';
import type { TagBook } from './tags.ts';
import type {
  Axis,
  Body,
  Dir,
  IfcElementType,
  PlantElement,
  PlantLine,
  Point,
  Prop,
  StoreyIndex,
} from './types.ts';

export type { Point } from './types.ts';

/** Storey elevations above the ground floor: 'Ground Floor' and 'Upper Deck'. */
export const STOREY_ELEVATION: Readonly<Record<StoreyIndex, number>> = { 0: 0, 1: DECK_ELEVATION };

/** A storey-relative point in site coordinates. */
export const onSite = (p: Point, storey: StoreyIndex): Point => shift(p, 'z', STOREY_ELEVATION[storey]);

export interface ElementInput {
  readonly ifcType: IfcElementType;
  readonly predefinedType: string;
  readonly objectType: string;
  readonly category: string;
  readonly tag?: string;
  readonly description: string;
  readonly storey: StoreyIndex;
  readonly position: Point;
  readonly body: Body;
  readonly props: readonly Prop[];
  readonly line?: string;
  readonly run?: readonly [Point, Point];
  readonly nozzles?: readonly Point[];
}

/** A straight run of pipe segments: the points between segments, the segments' mid points, its end. */
export interface Leg {
  readonly joints: readonly Point[];
  readonly mids: readonly Point[];
  readonly end: Point;
}

export class ModuleBuilder {
  readonly elements: PlantElement[] = [];
  readonly lines: PlantLine[] = [];
  private readonly segmentCount = new Map<string, number>();

  constructor(
    readonly ctx: ModuleContext,
    readonly rng: Rng,
    readonly tags: TagBook,
  ) {}

  add(input: ElementInput): void {
    const { tag, line, ...rest } = input;
    this.elements.push({
      ...rest,
      name: tag ?? input.objectType,
      ...(tag ? { tag } : {}),
      ...(line ? { line } : {}),
    });
  }

  nextTag(prefix: string): string {
    return this.tags.next(prefix, this.ctx.area);
  }

  /** The 'P&ID Class' of a valve kind in this module ('... - Existing' on existing modules). */
  valveCategory(category: string): string {
    return this.ctx.status === 'Existing' ? `${category} - Existing` : category;
  }

  newLine(spec: LineSpec, from: string, to: string): LineContext {
    const size = this.rng.pick(spec.sizes);
    const status = this.ctx.status === 'Existing' ? 'Existing' : this.rng.chance(0.05) ? 'Future' : 'New';
    const number = this.tags.lineNumber(size, spec.fluid, this.ctx.area);
    const fluid = fluidOf(spec.fluid);
    this.lines.push({
      number,
      description: `${size} NB ${fluid.name}: ${from} to ${to}`,
      fluid: spec.fluid,
      systemType: fluid.system,
    });
    const base = fluid.dualContained
      ? 'Dual Contained Pipeline'
      : size >= 100
        ? 'Major Pipeline'
        : 'Minor Pipeline';
    const category =
      status === 'Future' ? 'Future Pipeline' : status === 'Existing' ? `${base} - Existing` : base;
    return { number, fluid: spec.fluid, size, from, to, spec: this.rng.pick(fluid.specs), status, category };
  }

  /**
   * Lays `count` straight segments of random lengths adding up to `total` from `start` (storey-relative)
   * in a direction. Each segment is a cylinder in its line's BS 1710 colour.
   */
  leg(line: LineContext, storey: StoreyIndex, start: Point, dir: Dir, total: number, count: number): Leg {
    const weights = Array.from({ length: count }, () => 1 + this.rng.next());
    const sum = weights.reduce((a, b) => a + b, 0);
    const r = outsideDiameter(line.size) / 2;
    const style = pipeStyle(line.fluid);
    const axis = axisOf(dir);
    const joints: Point[] = [];
    const mids: Point[] = [];
    let laid = 0;
    let p = start;
    weights.forEach((weight, i) => {
      const last = i === count - 1;
      const length = last ? total - laid : Math.round((total * weight) / sum / 10) * 10;
      const k = (this.segmentCount.get(line.number) ?? 0) + 1;
      this.segmentCount.set(line.number, k);
      const next = move(p, dir, length);
      this.add({
        ifcType: 'IFCPIPESEGMENT',
        predefinedType: 'RIGIDSEGMENT',
        objectType: 'Pipe',
        category: line.category,
        tag: line.number,
        description: `${line.number} Segment ${k}`,
        storey,
        position: dir[0] === '-' ? next : p,
        body: [cylinder([0, 0, 0], r, length, axis, style)],
        props: pipeProps(this.ctx, line, length),
        line: line.number,
        run: [onSite(p, storey), onSite(next, storey)],
      });
      mids.push(move(p, dir, length / 2));
      laid += length;
      p = next;
      if (!last) joints.push(p);
    });
    return { joints, mids, end: p };
  }

  /** A valve centred on a pipe joint: body and flanges along the pipe, a handwheel or actuator on top. */
  valve(line: LineContext, category: string, storey: StoreyIndex, joint: Point, axis: Axis): void {
    const kind = valveKind(category);
    const tag = this.nextTag(kind.tagPrefix);
    const r = outsideDiameter(line.size) / 2;
    const length = Math.min(700, Math.max(150, line.size * 1.5));
    const actuator = this.rng.pick(kind.actuators);
    this.add({
      ifcType: 'IFCVALVE',
      predefinedType: kind.predefinedType,
      objectType: kind.category,
      category: this.valveCategory(kind.category),
      tag,
      description: `${line.size} NB ${kind.category} on ${line.number}`,
      storey,
      position: shift(joint, axis, -length / 2),
      body: valveBody(r, length, axis, actuator),
      props: valveProps(this.ctx, kind, tag, actuator, line),
      line: line.number,
    });
  }

  /** An instrument standing on a vessel roof or on top of a pipe. */
  instrument(
    kind: InstrumentKind,
    storey: StoreyIndex,
    position: Point,
    fluid: string,
    line?: LineContext,
  ): void {
    const tag = this.nextTag(kind.tagPrefix);
    const gas = fluid === 'AIR' || fluid === 'DG';
    this.add({
      ifcType: kind.ifcType,
      predefinedType: kind.ifcType === 'IFCFLOWMETER' && gas ? 'GASMETER' : kind.predefinedType,
      objectType: kind.instrumentType,
      category: kind.category,
      tag,
      description: `${kind.instrumentType} ${tag}`,
      storey,
      position,
      body: instrumentBody(),
      props: instrumentProps(this.ctx, kind, tag, fluid, line),
      ...(line ? { line: line.number } : {}),
    });
  }
}
