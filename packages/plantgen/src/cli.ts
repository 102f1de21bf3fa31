#!/usr/bin/env -S node --import tsx
/**
 * plantgen command line.
 *   node --import tsx packages/plantgen/src/cli.ts --elements 2000 --seed 7 --out plant.ifc [--buildings]
 *   ... --revision 10,10,10,5 --out plant-v2.ifc   (the same plant's second version: removed, moved, changed,
 *       added; the changes by GlobalId go to plant-v2.changes.json)
 *   node --import tsx packages/plantgen/src/cli.ts --pdf 12 --seed 7 --out pid.pdf
 *   node --import tsx packages/plantgen/src/cli.ts --xlsx --seed 7 --out equipment.xlsx
 *   node --import tsx packages/plantgen/src/cli.ts --png --seed 7 --out site.png
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { writePlantIfc } from './ifc.ts';
import { generateEquipmentListXlsx, generateSitePhotoPng } from './office.ts';
import { generatePidPdf } from './pdf.ts';
import { plantIdentity } from './plant/plan.ts';

const USAGE = `Usage: plantgen [--elements N] [--seed S] [--name TEXT] [--buildings] [--out FILE]    IFC4 model (plant.ifc)
       plantgen ... --revision REMOVED,MOVED,CHANGED,ADDED                    its second version, with FILE.changes.json
       plantgen --pdf SHEETS [--seed S] [--title TEXT] [--prefix TEXT] [--out FILE]   P&ID drawings (pid.pdf)
       plantgen --xlsx [--elements N] [--seed S] [--out FILE]                   equipment list (equipment-list.xlsx)
       plantgen --png [--seed S] [--out FILE]                                   site photo (site-photo.png)`;

function integer(value: string | undefined, fallback: number, what: string): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n)) throw new Error(`${what} must be an integer, got '${value}'`);
  return n;
}

const size = (bytes: number): string =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      elements: { type: 'string' },
      seed: { type: 'string' },
      name: { type: 'string' },
      out: { type: 'string', short: 'o' },
      pdf: { type: 'string' },
      title: { type: 'string' },
      prefix: { type: 'string' },
      xlsx: { type: 'boolean' },
      png: { type: 'boolean' },
      buildings: { type: 'boolean' },
      revision: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seed = integer(values.seed, 1, '--seed');
  const identity = plantIdentity(values.name ? { name: values.name } : {});
  const started = performance.now();
  const took = (): string => `${((performance.now() - started) / 1000).toFixed(2)} s`;

  if (values.pdf !== undefined) {
    const sheets = integer(values.pdf, 1, '--pdf');
    const out = values.out ?? 'pid.pdf';
    const title = values.title ?? identity.name;
    const bytes = await generatePidPdf({
      sheets,
      seed,
      title,
      drawingPrefix: values.prefix ?? identity.drawingPrefix,
    });
    writeFileSync(out, bytes);
    console.log(`Wrote ${out}: ${sheets} A3 P&ID sheet(s) of ${title}, ${size(bytes.length)} in ${took()}`);
  } else if (values.xlsx) {
    const out = values.out ?? 'equipment-list.xlsx';
    const elements = integer(values.elements, 2000, '--elements');
    const bytes = await generateEquipmentListXlsx(seed, { elements, name: identity.name });
    writeFileSync(out, bytes);
    console.log(
      `Wrote ${out}: equipment and instrument lists of a ${elements}-element plant, ${size(bytes.length)} in ${took()}`,
    );
  } else if (values.png) {
    const out = values.out ?? 'site-photo.png';
    const bytes = generateSitePhotoPng(seed);
    writeFileSync(out, bytes);
    console.log(`Wrote ${out}: 320 x 200 PNG, ${size(bytes.length)} in ${took()}`);
  } else {
    const out = values.out ?? 'plant.ifc';
    const elements = integer(values.elements, 2000, '--elements');
    const counts = values.revision?.split(',').map((n) => integer(n, 0, '--revision'));
    if (counts && counts.length !== 4)
      throw new Error('--revision takes four counts: removed,moved,changed,added');
    const stats = writePlantIfc(out, {
      elements,
      seed,
      name: identity.name,
      ...(values.buildings ? { buildings: true } : {}),
      ...(counts
        ? { revision: { removed: counts[0]!, moved: counts[1]!, changed: counts[2]!, added: counts[3]! } }
        : {}),
    });
    if (stats.changes) {
      const changesFile = `${out.replace(/\.ifc$/i, '')}.changes.json`;
      writeFileSync(changesFile, `${JSON.stringify(stats.changes, null, 2)}\n`);
      console.log(`Wrote ${changesFile}: what this version changed, by GlobalId`);
    }
    const types = Object.entries(stats.byType)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, n]) => `${type} ${n}`)
      .join(', ');
    console.log(
      `Wrote ${out}: ${stats.elements} elements, ${stats.lines} pipelines, ${stats.entities} entities, ${size(stats.bytes)} in ${took()}`,
    );
    console.log(`  ${types}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exitCode = 1;
});
