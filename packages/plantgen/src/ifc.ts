/** IFC4 model of a generated water-treatment works: as a string, to a file, or to any sink. */
import { closeSync, openSync, writeSync } from 'node:fs';
import { ElementWriter } from './ifc/elements.ts';
import { writeHeader, writeProject, writeTrailer } from './ifc/project.ts';
import { PSET_NAME } from './plant/props.ts';
import { StepWriter, type StepSink } from './ifc/step.ts';
import { planPlant, plantIdentity, validateOptions } from './plant/plan.ts';
import {
  addedElement,
  changedElement,
  movedElement,
  planRevision,
  type PlantRevision,
  type PlantRevisionChanges,
} from './plant/revision.ts';
import type { PlantElement, PlantOptions, Point } from './plant/types.ts';
import { GuidSource } from './rng.ts';

export type PlantIfcOptions = PlantOptions & {
  /**
   * Write a second version of the plant (the same options without it give the first): these elements
   * removed, moved, changed and added, all else as in the first (issue 34 §4). The stats list the changes.
   */
  readonly revision?: PlantRevision;
};

export interface PlantIfcStats {
  /** Physical elements written (equals options.elements). */
  readonly elements: number;
  /** Elements per IFC class, e.g. { IFCPUMP: 140, ... }. */
  readonly byType: Readonly<Record<string, number>>;
  /** Pipeline lines (IfcDistributionSystem) written. */
  readonly lines: number;
  /** STEP entity instances written. */
  readonly entities: number;
  /** Length of the file in bytes (the text is pure ASCII). */
  readonly bytes: number;
  /** With options.revision: what this version changed from the first, by GlobalId. */
  readonly changes?: PlantRevisionChanges;
}

const DEFAULT_MOVE: Point = [1000, 0, 0];

/** Streams the model to `sink` in chunks of whole lines; the concatenated chunks are the file. */
export function emitPlantIfc(options: PlantIfcOptions, sink: StepSink): PlantIfcStats {
  validateOptions(options);
  const { name } = plantIdentity(options);
  const w = new StepWriter(sink);
  const guids = new GuidSource(options.seed);
  writeHeader(w, `${name.replace(/[^A-Za-z0-9]+/g, '_')}.ifc`, 'ViewDefinition [DesignTransferView]');
  const project = writeProject(w, guids, name);
  const writer = new ElementWriter(w, guids, project);
  const contained: [number[], number[]] = [[], []];
  const byType: Record<string, number> = {};
  let elements = 0;
  let lines = 0;

  const revision = options.revision;
  const plan = revision ? planRevision(revision, options.elements) : new Map();
  const changes: PlantRevisionChanges = { removed: [], added: [], moved: [], changed: [] };
  const sources: PlantElement[] = [];
  let index = 0;

  for (const module of planPlant(options)) {
    const members = new Map<string, number[]>();
    // the lines the first version writes (a revision may remove every member of one)
    const written = new Set(module.elements.map((e) => e.line));
    for (const original of module.elements) {
      const change = plan.get(index++);
      if (change === 'removed') {
        writer.skip();
        changes.removed.push(writer.lastGuid);
        continue;
      }
      let element = original;
      if (change === 'moved') element = movedElement(original, revision?.moveBy ?? DEFAULT_MOVE);
      const changed = change === 'changed' ? changedElement(original) : null;
      if (changed) element = changed.element;
      const id = writer.element(element);
      if (change === 'moved')
        changes.moved.push({ guid: writer.lastGuid, by: revision?.moveBy ?? DEFAULT_MOVE });
      if (changed)
        changes.changed.push({
          guid: writer.lastGuid,
          set: PSET_NAME,
          name: changed.name,
          old: changed.old,
          new: changed.new,
        });
      if (revision && sources.length < revision.added && !change) sources.push(original);
      contained[element.storey].push(id);
      byType[element.ifcType] = (byType[element.ifcType] ?? 0) + 1;
      elements++;
      if (element.line) {
        const group = members.get(element.line);
        if (group) group.push(id);
        else members.set(element.line, [id]);
      }
    }
    for (const line of module.lines) {
      const group = members.get(line.number);
      if (!group) {
        if (written.has(line.number)) writer.skipLine();
        continue;
      }
      writer.line(line, group);
      lines++;
    }
  }
  if (revision?.added) {
    // new elements take GlobalIds of their own sequence: every other object keeps its GlobalId
    const added = new ElementWriter(w, new GuidSource(options.seed ^ 0x5eed_add), project);
    for (let k = 0; k < revision.added; k++) {
      const source = sources[k % Math.max(1, sources.length)];
      if (!source) break;
      const element = addedElement(source, k);
      contained[element.storey].push(added.element(element));
      changes.added.push(added.lastGuid);
      byType[element.ifcType] = (byType[element.ifcType] ?? 0) + 1;
      elements++;
    }
  }
  writer.contain(project.storeys[0], contained[0]);
  writer.contain(project.storeys[1], contained[1]);
  writeTrailer(w);
  w.flush();
  return {
    elements,
    byType,
    lines,
    entities: w.entityCount,
    bytes: w.length,
    ...(revision ? { changes } : {}),
  };
}

/** The whole model as STEP text. Same options, same text. Keep below about 300,000 elements (string size). */
export function generatePlantIfc(options: PlantIfcOptions): string {
  const chunks: string[] = [];
  emitPlantIfc(options, (chunk) => chunks.push(chunk));
  return chunks.join('');
}

/** Writes the model to a file without holding it in memory; returns what was written. */
export function writePlantIfc(path: string, options: PlantIfcOptions): PlantIfcStats {
  validateOptions(options);
  const fd = openSync(path, 'w');
  try {
    return emitPlantIfc(options, (chunk) => {
      writeSync(fd, chunk, null, 'latin1');
    });
  } finally {
    closeSync(fd);
  }
}
