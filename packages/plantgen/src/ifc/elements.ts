/** Writes plant elements (placement, styled swept-solid body, property set) and pipeline systems as STEP. */
import type { GuidSource } from '../rng.ts';
import { PSET_NAME } from '../plant/props.ts';
import type { PlantElement, PlantLine, Prop } from '../plant/types.ts';
import { GeometryWriter } from './geometry.ts';
import type { ProjectRefs } from './project.ts';
import { NULL, enumValue, list, real, ref, refs, str, type StepWriter } from './step.ts';
import { StyleWriter } from './styles.ts';

export class ElementWriter {
  private readonly geometry: GeometryWriter;
  /** the GlobalId of the element written (or skipped) last */
  lastGuid = '';

  constructor(
    private readonly w: StepWriter,
    private readonly guids: GuidSource,
    private readonly project: ProjectRefs,
  ) {
    this.geometry = new GeometryWriter(w, project, new StyleWriter(w));
  }

  /** Writes one element with its geometry and property set; returns the element's entity id. */
  element(e: PlantElement): number {
    const { w, project } = this;
    const location = w.add('IFCCARTESIANPOINT', list(e.position.map(real)));
    const axes = w.add('IFCAXIS2PLACEMENT3D', ref(location), ref(project.dirZ), ref(project.dirX));
    const placement = w.add('IFCLOCALPLACEMENT', ref(project.storeyPlacements[e.storey]), ref(axes));
    const shape = this.geometry.shape(e.body);
    this.lastGuid = this.guids.next();
    const id = w.add(
      e.ifcType,
      str(this.lastGuid),
      ref(project.ownerHistory),
      str(e.name),
      str(e.description),
      str(e.objectType),
      ref(placement),
      ref(shape),
      e.tag ? str(e.tag) : NULL,
      enumValue(e.predefinedType),
    );
    this.propertySet(id, e.props);
    return id;
  }

  /**
   * Leaves an element out, taking the GlobalIds it would have taken (its own, its property set's and their
   * relation's), so every later object keeps its GlobalId: a plant revision's removed element.
   */
  skip(): void {
    this.lastGuid = this.guids.next();
    this.guids.next();
    this.guids.next();
  }

  /** Leaves a line out, taking its GlobalIds (its system's and its group relation's). */
  skipLine(): void {
    this.guids.next();
    this.guids.next();
  }

  /** A pipeline line as an IfcDistributionSystem grouping its segments, valves and instruments. */
  line(line: PlantLine, members: readonly number[]): void {
    const { w, project, guids } = this;
    const system = w.add(
      'IFCDISTRIBUTIONSYSTEM',
      str(guids.next()),
      ref(project.ownerHistory),
      str(line.number),
      str(line.description),
      str('Pipeline'),
      str(line.number),
      enumValue(line.systemType),
    );
    w.add(
      'IFCRELASSIGNSTOGROUP',
      str(guids.next()),
      ref(project.ownerHistory),
      NULL,
      NULL,
      refs(members),
      NULL,
      ref(system),
    );
  }

  /** Containment of elements in one storey. */
  contain(storey: number, elements: readonly number[]): void {
    if (elements.length === 0) return;
    const { w, project, guids } = this;
    w.add(
      'IFCRELCONTAINEDINSPATIALSTRUCTURE',
      str(guids.next()),
      ref(project.ownerHistory),
      NULL,
      NULL,
      refs(elements),
      ref(storey),
    );
  }

  private propertySet(element: number, props: readonly Prop[]): void {
    const { w, project, guids } = this;
    const values = props.map(([name, value]) =>
      w.add(
        'IFCPROPERTYSINGLEVALUE',
        str(name),
        NULL,
        typeof value === 'number' ? `IFCREAL(${real(value)})` : `IFCLABEL(${str(value)})`,
        NULL,
      ),
    );
    const pset = w.add(
      'IFCPROPERTYSET',
      str(guids.next()),
      ref(project.ownerHistory),
      str(PSET_NAME),
      NULL,
      refs(values),
    );
    w.add(
      'IFCRELDEFINESBYPROPERTIES',
      str(guids.next()),
      ref(project.ownerHistory),
      NULL,
      NULL,
      refs([element]),
      ref(pset),
    );
  }
}
