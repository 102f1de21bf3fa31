import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  SketchListsSchema,
  defaultPidSpec,
  isOrthogonal,
  pidList,
  placedPorts,
  toPoints,
  type PipelineElement,
  type SymbolImage,
} from '@penstock/shared';
import { pidListWorkbook } from '../export/pidLists.ts';
import {
  addBend,
  beginPipe,
  finishAtPort,
  finishFree,
  isWorthKeeping,
  pipeElement,
  previewPipe,
} from './pipeDrawing.ts';
import { newSymbolData, suggestedTag } from './pidItems.ts';
import { initialSketchState, listsOf, sketchReducer, undoable } from './sketchReducer.ts';

const PUMP = '/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg';
const TANK = '/symbols/tanks-vessels/container-tank-cistern.svg';
const VALVE = '/symbols/valves/gate-valve.svg';

const symbol = (id: string, src: string, x: number, y: number): SymbolImage => ({
  id,
  tool: 'image',
  src,
  pidItem: src.split('/').pop()!,
  x,
  y,
  width: 80,
  height: 60,
  rotation: 0,
  scaleX: 1,
  scaleY: 1,
});
const portOf = (image: SymbolImage, id: string) => placedPorts(image).find((port) => port.portId === id)!;

/** A pump fastened to a tank by one pipeline, as the editor holds them. */
function pumpToTank() {
  const pump = symbol('pump', PUMP, 0, 0);
  const tank = symbol('tank', TANK, 400, 200);
  const from = portOf(pump, 'E');
  const to = portOf(tank, 'W');
  const line = SketchListsSchema.shape.Pipelines.parse([
    {
      id: 'line',
      tool: 'pipeline',
      points: [from.x, from.y, 200, from.y, 200, to.y, to.x, to.y],
      start: { itemId: 'pump', portId: 'E' },
      end: { itemId: 'tank', portId: 'W' },
    },
  ])[0]!;
  let state = initialSketchState();
  for (const element of [pump, tank, line]) state = sketchReducer(state, { type: 'add', element });
  return { state, pump, tank };
}

describe('the editor state keeps lines on their symbols', () => {
  it('moves a fastened line with its symbol in the same step, and undo puts both back', () => {
    const { state, pump } = pumpToTank();
    const moved = { ...pump, x: -40, y: 120 };
    const after = sketchReducer(state, { type: 'update', elements: [moved] });
    const points = toPoints(listsOf(after).Pipelines[0]!.points);
    expect(points[0]).toEqual({ x: portOf(moved, 'E').x, y: portOf(moved, 'E').y });
    points.slice(1).forEach((point, i) => expect(isOrthogonal(points[i]!, point)).toBe(true));
    const undone = sketchReducer(after, { type: 'undo' });
    expect(listsOf(undone)).toEqual(listsOf(state));
  });

  it('lets go of the ends of a deleted symbol: the line stays, its end free', () => {
    const { state } = pumpToTank();
    const after = sketchReducer(state, { type: 'remove', ids: new Set(['tank']) });
    const line = listsOf(after).Pipelines[0]!;
    expect(line.end).toBeNull();
    expect(line.start).toEqual({ itemId: 'pump', portId: 'E' });
    expect(line.points).toEqual(listsOf(state).Pipelines[0]!.points);
  });

  it('makes a split one undoable step, and a pasted line fastened to nothing', () => {
    const { state } = pumpToTank();
    const line = listsOf(state).Pipelines[0]!;
    const first: PipelineElement = { ...line, points: line.points.slice(0, 4) };
    const second: PipelineElement = { ...line, id: 'line2', points: line.points.slice(4), start: null };
    const split = sketchReducer(state, {
      type: 'batch',
      add: [symbol('valve', VALVE, 100, 0), second],
      update: [first],
      select: ['valve'],
    });
    expect(listsOf(split).Pipelines.map((p) => p.id)).toEqual(['line', 'line2']);
    expect(split.selected).toEqual(new Set(['valve']));
    expect(listsOf(sketchReducer(split, { type: 'undo' }))).toEqual(listsOf(state));

    const pasted = sketchReducer(state, { type: 'paste', ids: new Map([['line', 'copy']]) });
    const copy = listsOf(pasted).Pipelines.find((p) => p.id === 'copy')!;
    expect(copy).toMatchObject({ start: null, end: null, x: 0, y: 0 });
    expect(copy.points[0]).toBe(line.points[0]! + 30);
    expect(undoable(pasted)).toBe(true);
  });
});

describe('drawing a pipeline', () => {
  const pump = symbol('pump', PUMP, 0, 0);
  const tank = symbol('tank', TANK, 400, 200);
  const outlet = portOf(pump, 'E');
  const inlet = portOf(tank, 'N');

  it('starts on a port, bends at 90° where clicked and ends on a port with the last bend made', () => {
    let draft = beginPipe('pipeline', { x: 0, y: 0 }, outlet);
    expect(draft.points).toEqual([{ x: outlet.x, y: outlet.y }]);
    // a click a little off the port's axis stays on it
    draft = addBend(draft, { x: 250, y: outlet.y + 30 });
    expect(draft.points[1]).toEqual({ x: 250, y: outlet.y });
    // over the tank's top nozzle, the preview arrives from above
    const preview = previewPipe(draft, { x: inlet.x + 3, y: inlet.y - 2 }, inlet);
    expect(preview[preview.length - 1]).toEqual({ x: inlet.x, y: inlet.y });
    const done = finishAtPort(draft, inlet)!;
    expect(done.start).toEqual({ itemId: 'pump', portId: 'E' });
    expect(done.end).toEqual({ itemId: 'tank', portId: 'N' });
    done.points.slice(1).forEach((point, i) => expect(isOrthogonal(done.points[i]!, point)).toBe(true));
    const element = pipeElement('pipeline', done, 'p1', {
      lineType: 'Pipeline (Minor)',
      signalType: 'Electrical Signal',
      colour: 'black',
    });
    expect(element).toMatchObject({
      tool: 'pipeline',
      lineType: 'Pipeline (Minor)',
      line: { flow: 'forward' },
    });
  });

  it('takes any angle with Alt, ends free on a double click, and refuses a line back into its own port', () => {
    let draft = beginPipe('signal', { x: 10, y: 10 }, null);
    draft = addBend(draft, { x: 60, y: 40 }, true);
    expect(draft.points[1]).toEqual({ x: 60, y: 40 });
    const free = finishFree(draft);
    expect(free).toMatchObject({ start: null, end: null });
    expect(isWorthKeeping(free)).toBe(true);
    expect(isWorthKeeping(finishFree(beginPipe('signal', { x: 1, y: 1 }, null)))).toBe(false);
    expect(finishAtPort(beginPipe('pipeline', outlet, outlet), outlet)).toBeNull();
    expect(
      pipeElement('signal', free, 's1', { lineType: '', signalType: 'Pneumatic Signal', colour: 'blue' }),
    ).toMatchObject({
      tool: 'signal',
      signalType: 'Pneumatic Signal',
      colour: 'blue',
    });
  });
});

describe('placed symbols as P&ID items', () => {
  it('get their class and the next tag of the numbering pattern; fittings are not tagged', () => {
    const pid = defaultPidSpec();
    const lists = SketchListsSchema.parse({});
    const first = symbol('p1', PUMP, 0, 0);
    expect(newSymbolData(first, lists, pid)).toEqual({ itemClass: 'Pump', tag: 'P-101' });
    lists.Images.push({ ...first, tag: 'P-101' });
    expect(newSymbolData(symbol('p2', PUMP, 0, 0), lists, pid)).toEqual({ itemClass: 'Pump', tag: 'P-102' });
    expect(
      newSymbolData(symbol('r', '/symbols/pipeline-symbols/concentric-reducer.svg', 0, 0), lists, pid),
    ).toEqual({
      itemClass: 'Reducer',
    });
    expect(
      suggestedTag(symbol('t', TANK, 0, 0), lists, {
        ...pid,
        numbering: { pattern: '{prefix}{area}-{seq:3}', area: 'A' },
      }),
    ).toBe('TKA-001');
  });
});

describe('a P&ID list as a workbook', () => {
  it('writes the list sheet with its columns and rows under a bold frozen header', async () => {
    const lists = SketchListsSchema.parse({
      Images: [{ ...symbol('pump', PUMP, 0, 0), tag: 'P-101' }],
      Pipelines: [
        {
          id: 'l',
          tool: 'pipeline',
          points: [0, 0, 100, 0],
          start: { itemId: 'pump', portId: 'E' },
          line: { lineNumber: '80-RS-101' },
        },
      ],
    });
    const list = pidList('line', lists, { drawingName: 'PID-7', pid: { metresPerUnit: 0.01 } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await pidListWorkbook(list, 'PID-7'));
    const sheet = workbook.getWorksheet('Line List')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Line Number');
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(2).value).toBe('80-RS-101');
    // 100 units at 1 cm: 1 m
    expect(sheet.getRow(2).getCell(6).value).toBe(1000);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });
});
