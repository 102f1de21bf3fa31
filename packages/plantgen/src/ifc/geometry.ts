/**
 * Element bodies as IFC geometry: each solid an IfcExtrudedAreaSolid with an explicit profile position and
 * solid placement (web-ifc 0.0.77 logs errors for '$' there), styled through an IfcStyledItem. Profiles,
 * placements, solids and whole product shapes are written once and shared between identical bodies, so a
 * hundred identical valves cost one valve's geometry.
 */
import type { Body, Point, Solid } from '../plant/types.ts';
import type { ProjectRefs } from './project.ts';
import type { StyleWriter } from './styles.ts';
import { NULL, enumValue, list, real, ref, refs, str, type StepWriter } from './step.ts';

/** How a solid's local axes lie: extrusion (local z) along a site axis; 'yr' turns local y up for y-gables. */
type Orientation = 'x' | 'y' | 'yr' | 'z';

/**
 * From this radius up, circles are written as 48-sided polylines: viewers built on web-ifc tessellate an
 * IfcCircleProfileDef with a dozen segments, which turns a 28 m clarifier into a visible polygon.
 */
export const SMOOTH_RADIUS = 1500;
const SMOOTH_SEGMENTS = 48;

export class GeometryWriter {
  private readonly profiles = new Map<string, number>();
  private readonly placements = new Map<string, number>();
  private readonly solids = new Map<string, number>();
  private readonly shapes = new Map<string, number>();
  /** Bodies the plant hands out again and again (machines, valves, vessels) are the same objects. */
  private readonly byBody = new WeakMap<Body, number>();

  constructor(
    private readonly w: StepWriter,
    private readonly project: ProjectRefs,
    private readonly styles: StyleWriter,
  ) {}

  /** The IfcProductDefinitionShape of a body (shared with every element of the same body). */
  shape(body: Body): number {
    const seen = this.byBody.get(body);
    if (seen !== undefined) return seen;
    const items = body.map((solid) => this.solid(solid));
    const key = items.join(',');
    const known = this.shapes.get(key);
    if (known !== undefined) {
      this.byBody.set(body, known);
      return known;
    }
    const { w, project } = this;
    const representation = w.add(
      'IFCSHAPEREPRESENTATION',
      ref(project.bodyContext),
      str('Body'),
      str('SweptSolid'),
      refs(items),
    );
    const id = w.add('IFCPRODUCTDEFINITIONSHAPE', NULL, NULL, refs([representation]));
    this.shapes.set(key, id);
    this.byBody.set(body, id);
    return id;
  }

  private solid(solid: Solid): number {
    const [profile, orientation, depth] = this.profileOf(solid);
    const placement = this.placement(solid.at, orientation);
    const key = `${profile}|${placement}|${real(depth)}|${solid.style}`;
    const known = this.solids.get(key);
    if (known !== undefined) return known;
    const id = this.w.add(
      'IFCEXTRUDEDAREASOLID',
      ref(profile),
      ref(placement),
      ref(this.project.dirZ),
      real(depth),
    );
    this.styles.styleItem(id, solid.style);
    this.solids.set(key, id);
    return id;
  }

  private profileOf(solid: Solid): [profile: number, orientation: Orientation, depth: number] {
    switch (solid.kind) {
      case 'box':
        return [this.parametric('IFCRECTANGLEPROFILEDEF', [solid.dx, solid.dy]), 'z', solid.dz];
      case 'cylinder':
        return [
          solid.r >= SMOOTH_RADIUS
            ? this.polygon([solid.r])
            : this.parametric('IFCCIRCLEPROFILEDEF', [solid.r]),
          solid.axis,
          solid.length,
        ];
      case 'ring':
        return [
          solid.r >= SMOOTH_RADIUS
            ? this.polygon([solid.r, solid.r - solid.t])
            : this.parametric('IFCCIRCLEHOLLOWPROFILEDEF', [solid.r, solid.t]),
          'z',
          solid.dz,
        ];
      case 'frame':
        return [
          this.parametric('IFCRECTANGLEHOLLOWPROFILEDEF', [solid.dx, solid.dy, solid.t], 2),
          'z',
          solid.dz,
        ];
      case 'prism':
        return [this.triangle(solid.w, solid.h), solid.axis === 'x' ? 'x' : 'yr', solid.length];
    }
  }

  /** A parameterised profile centred on the shared 2D origin; `trailing` optional attributes left unset. */
  private parametric(type: string, sizes: readonly number[], trailing = 0): number {
    const values = sizes.map(real);
    const key = `${type}(${values.join(',')})`;
    const known = this.profiles.get(key);
    if (known !== undefined) return known;
    const id = this.w.add(
      type,
      enumValue('AREA'),
      NULL,
      ref(this.project.profilePosition),
      ...values,
      ...Array<string>(trailing).fill(NULL),
    );
    this.profiles.set(key, id);
    return id;
  }

  /** A round profile as a closed polyline of radius radii[0], with a round hole of radii[1] if given. */
  private polygon(radii: readonly number[]): number {
    const key = `polygon(${radii.map(real).join(',')})`;
    const known = this.profiles.get(key);
    if (known !== undefined) return known;
    const { w } = this;
    const curve = (r: number): number => {
      const points: number[] = [];
      for (let i = 0; i < SMOOTH_SEGMENTS; i++) {
        const a = (2 * Math.PI * i) / SMOOTH_SEGMENTS;
        points.push(w.add('IFCCARTESIANPOINT', list([real(r * Math.cos(a)), real(r * Math.sin(a))])));
      }
      return w.add('IFCPOLYLINE', refs([...points, points[0] as number]));
    };
    const [outer, inner] = radii.map(curve);
    const id =
      inner === undefined
        ? w.add('IFCARBITRARYCLOSEDPROFILEDEF', enumValue('AREA'), NULL, ref(outer as number))
        : w.add(
            'IFCARBITRARYPROFILEDEFWITHVOIDS',
            enumValue('AREA'),
            NULL,
            ref(outer as number),
            refs([inner]),
          );
    this.profiles.set(key, id);
    return id;
  }

  /** A gable's triangle: base w on the local x axis, apex h above its middle. */
  private triangle(width: number, height: number): number {
    const key = `triangle(${real(width)},${real(height)})`;
    const known = this.profiles.get(key);
    if (known !== undefined) return known;
    const { w } = this;
    const corners: [number, number][] = [
      [-width / 2, 0],
      [width / 2, 0],
      [0, height],
      [-width / 2, 0],
    ];
    const points = corners.map((c) => w.add('IFCCARTESIANPOINT', list(c.map(real))));
    const polyline = w.add('IFCPOLYLINE', refs(points));
    const id = w.add('IFCARBITRARYCLOSEDPROFILEDEF', enumValue('AREA'), NULL, ref(polyline));
    this.profiles.set(key, id);
    return id;
  }

  private placement(at: Point, orientation: Orientation): number {
    const location = list(at.map(real));
    const key = `${location}${orientation}`;
    const known = this.placements.get(key);
    if (known !== undefined) return known;
    const { w, project } = this;
    const axes: Record<Orientation, readonly [axis: number, refDirection: number]> = {
      x: [project.dirX, project.dirY],
      y: [project.dirY, project.dirX],
      yr: [project.dirY, project.dirMinusX],
      z: [project.dirZ, project.dirX],
    };
    const [axis, refDirection] = axes[orientation];
    const point = w.add('IFCCARTESIANPOINT', location);
    const id = w.add('IFCAXIS2PLACEMENT3D', ref(point), ref(axis), ref(refDirection));
    this.placements.set(key, id);
    return id;
  }
}
