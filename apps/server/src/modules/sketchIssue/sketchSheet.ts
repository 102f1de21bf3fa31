/**
 * An issued sketch as a drawing sheet (issue 37 §5): one landscape ISO A3, A1 or A0 page with a border, the
 * sketch drawn as vectors (the SVG of sketchToSvg through pdfmake's svg node, svg-to-pdfkit) fitted into the
 * room the title block leaves, a title block (project, drawing number, title, revision, suitability, date,
 * drawn and checked by, sheet) and a revision box above it, in the bottom right corner as drawing offices
 * place them. The title block is 180 mm wide on every sheet (ISO 7200). Text is Roboto, so any language
 * prints and reads back.
 *
 * CPU-bound: the service builds it through renderSketchSheetInWorker.
 */
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { POINTS_PER_MM, sanitiseSvgMarkup, sheetPoints, type SheetSize } from '@penstock/shared';
import { configurePdfmake } from '../../pdf/pdfmakeSetup.ts';
import { embeddedImageOnly } from '../sketchExport/index.ts';

export interface SheetRevision {
  revision: string;
  date: string;
  description: string;
  drawnBy: string;
  checkedBy: string;
}

export interface SketchSheetInput {
  sheet: SheetSize;
  /** the drawing as a standalone SVG, and its size in drawing units */
  svg: string;
  svgWidth: number;
  svgHeight: number;
  titleBlock: {
    project: string;
    drawingNumber: string;
    title: string;
    revision: string;
    suitability: string;
    date: string;
    drawnBy: string;
    checkedBy: string;
  };
  /** earlier revisions first; the last is this issue */
  revisions: SheetRevision[];
}

/** A problem with what was asked for (a drawing that cannot be read), not a failure of the server. */
export class SketchSheetInputError extends Error {}

const mm = (value: number) => value * POINTS_PER_MM;

/** The frame: 20 mm on the binding (left) edge, 10 mm on the others (ISO 5457). */
const FRAME = { left: mm(20), top: mm(10), right: mm(10), bottom: mm(10) };
const BLOCK_WIDTH = mm(180);
/** title block rows: project, title, number/revision/suitability, drawn/checked/date/sheet */
const BLOCK_ROWS = [mm(9), mm(14), mm(11), mm(11)];
const REVISION_ROW = mm(6);
/** revision rows printed (the newest) */
export const MAX_SHEET_REVISIONS = 8;
/** space between the drawing and the frame or the title block */
const GAP = mm(5);
const LINE = 0.8;
/** the tables' rule width: a table is its columns (rows) plus one rule more than it has */
const RULE = LINE / 2;
const columnsOf = (total: number, parts: readonly number[]) => {
  const free = total - (parts.length + 1) * RULE;
  const sum = parts.reduce((a, b) => a + b, 0);
  return parts.map((part) => (part / sum) * free);
};

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A sketch is drawn in screen pixels (1 unit = 1 pt on the sheet): a small one is enlarged at most this
 * much, so lines and text keep drawing weights instead of filling an A0 sheet with one pump.
 */
export const MAX_ENLARGEMENT = 2;

/**
 * The drawing's place: the larger fit of the room above the title block or the room beside it (enlarged at
 * most MAX_ENLARGEMENT), centred in that room.
 */
export function drawingPlace(sheet: Box, block: Box, width: number, height: number): Box {
  const inner = {
    x: sheet.x + GAP,
    y: sheet.y + GAP,
    width: sheet.width - 2 * GAP,
    height: sheet.height - 2 * GAP,
  };
  const rooms: Box[] = [
    { ...inner, height: block.y - GAP - inner.y },
    { ...inner, width: block.x - GAP - inner.x },
  ].filter((room) => room.width > 0 && room.height > 0);
  let best: Box = { x: inner.x, y: inner.y, width: 1, height: 1 };
  let bestScale = 0;
  for (const room of rooms) {
    const scale = Math.min(room.width / width, room.height / height, MAX_ENLARGEMENT);
    if (scale <= bestScale) continue;
    bestScale = scale;
    const w = width * scale;
    const h = height * scale;
    best = { x: room.x + (room.width - w) / 2, y: room.y + (room.height - h) / 2, width: w, height: h };
  }
  return best;
}

const label = (text: string): Content => ({ text, fontSize: 6, color: '#555555' });
const cell = (caption: string, value: string, size = 9, bold = false) => ({
  stack: [label(caption), { text: value || ' ', fontSize: size, bold, margin: [0, 1, 0, 0] }] as Content[],
  margin: [2, 1, 2, 0] as [number, number, number, number],
});

const lines = {
  hLineWidth: () => RULE,
  vLineWidth: () => RULE,
  hLineColor: () => '#000000',
  vLineColor: () => '#000000',
  paddingLeft: () => 0,
  paddingRight: () => 0,
  paddingTop: () => 0,
  paddingBottom: () => 0,
};

function titleBlock(input: SketchSheetInput, at: Box): Content {
  const b = input.titleBlock;
  return {
    absolutePosition: { x: at.x, y: at.y },
    table: {
      widths: columnsOf(BLOCK_WIDTH, [1, 1, 1, 1]),
      heights: BLOCK_ROWS,
      body: [
        [{ ...cell('Project', b.project, 10, true), colSpan: 4 } as Content, {}, {}, {}],
        [{ ...cell('Title', b.title, 12, true), colSpan: 4 } as Content, {}, {}, {}],
        [
          { ...cell('Drawing number', b.drawingNumber, 10, true), colSpan: 2 } as Content,
          {},
          cell('Revision', b.revision, 10, true),
          cell('Suitability', b.suitability, 10, true),
        ],
        [
          cell('Drawn by', b.drawnBy),
          cell('Checked by', b.checkedBy),
          cell('Date', b.date),
          cell('Sheet / scale', `${input.sheet} · not to scale`),
        ],
      ],
    },
    layout: lines,
  } as Content;
}

function revisionBox(revisions: readonly SheetRevision[], at: Box): Content {
  const small = (text: string, bold = false): Content => ({
    text: text || ' ',
    fontSize: 7,
    bold,
    margin: [2, 1, 2, 0],
  });
  return {
    absolutePosition: { x: at.x, y: at.y },
    table: {
      widths: columnsOf(BLOCK_WIDTH, [14, 22, 84, 30, 30]),
      heights: REVISION_ROW,
      body: [
        ['Rev', 'Date', 'Description', 'Drawn', 'Checked'].map((text) => small(text, true)),
        ...revisions.map((row) => [
          small(row.revision),
          small(row.date),
          small(row.description),
          small(row.drawnBy),
          small(row.checkedBy),
        ]),
      ],
    },
    layout: lines,
  } as Content;
}

/** The pdfmake document of a sheet (exported for tests). */
export function sketchSheetDocument(input: SketchSheetInput): TDocumentDefinitions {
  const page = sheetPoints(input.sheet);
  const frame: Box = {
    x: FRAME.left,
    y: FRAME.top,
    width: page.width - FRAME.left - FRAME.right,
    height: page.height - FRAME.top - FRAME.bottom,
  };
  const revisions = input.revisions.slice(-MAX_SHEET_REVISIONS);
  const blockHeight = BLOCK_ROWS.reduce((sum, row) => sum + row, 0) + (BLOCK_ROWS.length + 1) * RULE;
  // the revision box sits on the title block, sharing its top rule
  const revisionHeight = (REVISION_ROW + RULE) * (revisions.length + 1);
  const right = frame.x + frame.width;
  const bottom = frame.y + frame.height;
  const block: Box = {
    x: right - BLOCK_WIDTH,
    y: bottom - blockHeight,
    width: BLOCK_WIDTH,
    height: blockHeight,
  };
  const revisionAt: Box = {
    x: block.x,
    y: block.y - revisionHeight,
    width: BLOCK_WIDTH,
    height: revisionHeight,
  };
  const corner: Box = { ...block, y: revisionAt.y, height: blockHeight + revisionHeight };
  const svg = sanitiseSvgMarkup(input.svg);
  if (!svg) throw new SketchSheetInputError('The sketch could not be drawn as an SVG');
  const place = drawingPlace(frame, corner, input.svgWidth, input.svgHeight);
  return {
    pageSize: { width: page.width, height: page.height },
    pageOrientation: 'landscape',
    pageMargins: 0,
    info: {
      title: `${input.titleBlock.drawingNumber} ${input.titleBlock.revision} – ${input.titleBlock.title}`,
      subject: input.titleBlock.project,
      creator: 'Penstock',
      producer: 'Penstock (pdfmake)',
    },
    content: [
      {
        canvas: [{ type: 'rect', x: frame.x, y: frame.y, w: frame.width, h: frame.height, lineWidth: LINE }],
        absolutePosition: { x: 0, y: 0 },
      },
      {
        svg,
        width: place.width,
        height: place.height,
        absolutePosition: { x: place.x, y: place.y },
        options: { imageCallback: embeddedImageOnly, warningCallback: () => {} },
      } as Content,
      revisionBox(revisions, revisionAt),
      titleBlock(input, block),
    ],
    defaultStyle: { font: 'Roboto' },
  };
}

/** Builds the sheet's PDF in this thread. */
export async function buildSketchSheet(input: SketchSheetInput): Promise<Buffer> {
  configurePdfmake();
  return pdfmake.createPdf(sketchSheetDocument(input)).getBuffer();
}
