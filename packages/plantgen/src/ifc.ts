/** IFC4 model of a generated water-treatment works: as a string, to a file, or to any sink. */
import { closeSync, openSync, writeSync } from 'node:fs';
import { ElementWriter } from './ifc/elements.ts';
import { writeHeader, writeProject, writeTrailer } from './ifc/project.ts';
import { StepWriter, type StepSink } from './ifc/step.ts';
import { planPlant, plantIdentity, validateOptions } from './plant/plan.ts';
import type { PlantOptions } from './plant/types.ts';
import { GuidSource } from './rng.ts';

export type PlantIfcOptions = PlantOptions;

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
}

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

  for (const module of planPlant(options)) {
    const members = new Map<string, number[]>();
    for (const element of module.elements) {
      const id = writer.element(element);
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
      if (!group) continue;
      writer.line(line, group);
      lines++;
    }
  }
  writer.contain(project.storeys[0], contained[0]);
  writer.contain(project.storeys[1], contained[1]);
  writeTrailer(w);
  w.flush();
  return { elements, byType, lines, entities: w.entityCount, bytes: w.length };
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
