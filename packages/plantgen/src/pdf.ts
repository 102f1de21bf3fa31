/**
 * P&ID drawings as a multi-page A3 landscape PDF. Sheet n shows two trains of one process area, drawn from
 * the same plant model as the IFC (same seed: same tags, line numbers and sizes).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { FLUIDS } from './plant/fluids.ts';
import { planPlant } from './plant/plan.ts';
import { STREAMS } from './plant/streams.ts';
import { drawingNumber } from './plant/tags.ts';
import type { PlantModule } from './plant/types.ts';
import { Rng } from './rng.ts';
import {
  A3_LANDSCAPE,
  DRAWING_AREA,
  drawFrame,
  drawNotes,
  drawRevisions,
  drawTitleBlock,
  type Revision,
} from './pdf/sheet.ts';
import { drawTrain } from './pdf/train.ts';

export interface PidPdfOptions {
  readonly sheets: number;
  readonly seed: number;
  /** The works' name, shown in the title block. */
  readonly title: string;
  /** Drawing number prefix, e.g. 'RWTW-PID' gives 'RWTW-PID-0101'. */
  readonly drawingPrefix: string;
}

/** Fixed document dates so the same options give the same bytes. */
const DOCUMENT_DATE = new Date(Date.UTC(2025, 0, 1));
const PEOPLE = ['AB', 'CD', 'EF', 'GH', 'JK', 'LM', 'NP', 'RS'];
const REVISION_TEXT = ['First issue for comment', 'Revised following HAZOP', 'Issued for construction'];

const isoDate = (days: number): string =>
  new Date(DOCUMENT_DATE.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The modules each sheet shows: sheet k covers area (k mod 7) and that area's trains 2j and 2j+1. */
function modulesForSheets(options: PidPdfOptions): Map<string, PlantModule> {
  const wanted = new Set<string>();
  for (let k = 0; k < options.sheets; k++) {
    const area = (k % STREAMS.length) + 1;
    const j = Math.floor(k / STREAMS.length);
    wanted.add(`${area}:${2 * j}`).add(`${area}:${2 * j + 1}`);
  }
  const found = new Map<string, PlantModule>();
  for (const module of planPlant({
    elements: Number.MAX_SAFE_INTEGER,
    seed: options.seed,
    drawingPrefix: options.drawingPrefix,
  })) {
    const key = `${module.area}:${module.index}`;
    if (wanted.has(key)) found.set(key, module);
    if (found.size === wanted.size) break;
  }
  return found;
}

function revisions(rng: Rng): Revision[] {
  const count = rng.int(1, 3);
  let day = rng.int(0, 200);
  return Array.from({ length: count }, (_, i) => {
    day += rng.int(10, 60);
    const rev = i < 2 ? `P0${i + 1}` : 'C01';
    return {
      rev,
      date: isoDate(day - 400),
      description: REVISION_TEXT[i] as string,
      by: rng.pick(PEOPLE),
      checked: rng.pick(PEOPLE),
    };
  });
}

export async function generatePidPdf(options: PidPdfOptions): Promise<Uint8Array> {
  if (!Number.isInteger(options.sheets) || options.sheets < 1)
    throw new RangeError('sheets must be a positive integer');
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${options.title} - Process and Instrumentation Diagrams`);
  doc.setAuthor('Penstock plantgen');
  doc.setCreator('Penstock plantgen');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(DOCUMENT_DATE);
  doc.setModificationDate(DOCUMENT_DATE);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const modules = modulesForSheets(options);
  const rng = new Rng(options.seed, 2);
  const bandHeight = (DRAWING_AREA.y1 - DRAWING_AREA.y0) / 2;

  for (let k = 0; k < options.sheets; k++) {
    const stream = STREAMS[k % STREAMS.length];
    if (!stream) continue;
    const sheetInArea = Math.floor(k / STREAMS.length) + 1;
    const number = drawingNumber(options.drawingPrefix, stream.area, sheetInArea);
    const next = drawingNumber(options.drawingPrefix, (stream.area % STREAMS.length) + 1, sheetInArea);
    const page = doc.addPage(A3_LANDSCAPE);
    const pen = { page, font, bold };
    drawFrame(pen);
    const shown = [0, 1].map((t) => modules.get(`${stream.area}:${2 * (sheetInArea - 1) + t}`));
    shown.forEach((module, t) => {
      if (module) drawTrain(pen, module, DRAWING_AREA.y1 - bandHeight * (t + 0.5), next);
    });
    const fluids = new Set(shown.flatMap((m) => m?.lines.map((l) => l.fluid) ?? []));
    const legend = [...fluids].map((code) => `${code} - ${FLUIDS.get(code)?.name ?? code}`);
    const notes = [
      'Do not scale from this drawing.',
      'Line numbers read size (NB) - fluid code - area and sequence.',
      'All valves are line size unless noted.',
      'Instrument tags follow ISA 5.1 letter codes.',
      `Continued on ${next}.`,
    ];
    const hazard = shown.find((m) => m?.elements.some((e) => e.props.some(([n]) => n === 'Hazard')));
    if (hazard) notes.push('Hazardous area: see DSEAR / COSHH assessment.');
    drawNotes(pen, notes, legend);
    const revs = revisions(rng);
    drawRevisions(pen, revs);
    drawTitleBlock(pen, {
      works: options.title,
      title: [
        `${stream.name} - Trains ${2 * sheetInArea - 1} and ${2 * sheetInArea}`,
        'Process and Instrumentation Diagram',
      ],
      drawingNumber: number,
      revision: revs[revs.length - 1]?.rev ?? 'P01',
      sheet: `${k + 1} of ${options.sheets}`,
      drawn: rng.pick(PEOPLE),
      checked: rng.pick(PEOPLE),
      approved: rng.pick(PEOPLE),
      date: revs[revs.length - 1]?.date ?? isoDate(0),
    });
  }
  return doc.save();
}
