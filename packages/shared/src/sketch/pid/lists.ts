// The sketch's P&ID lists (issue 37 §3): equipment, valve, instrument and line lists, with the schedules'
// columns (forms spec §3 'Schedule columns') filled from the sketch's data and the sketch's own columns
// after them. The line list sums pipe lengths per line number only when the sketch has a drawing scale;
// otherwise its lengths are left empty and it counts the segments.
import { SCHEDULE_COLUMNS } from '../../catalogue/schedules.ts';
import { SYMBOL_CATALOGUE } from '../../symbols/index.ts';
import type { PidSpec, PipelineElement } from '../pidSchema.ts';
import type { SketchLists, SymbolImage } from '../schema.ts';
import { pidItemClass, pidRole, type PidRole } from './classes.ts';
import { polylineLength, toPoints } from './routing.ts';

export type PidListKind = 'equipment' | 'valve' | 'instrument' | 'line';

export interface PidList {
  kind: PidListKind;
  /** the sheet's name, as the schedules name theirs */
  sheet: string;
  columns: string[];
  rows: Array<Record<string, string | number>>;
}

export const PID_LIST_SHEETS: Record<PidListKind, string> = {
  equipment: 'Equipment List',
  valve: 'Valve List',
  instrument: 'Instrument List',
  line: 'Line List',
};

interface CatalogueEntry {
  src: string;
  group: string;
  category: string;
}

export interface PidListContext {
  /** the drawing's name: the lists' 'PID Drawing No.' */
  drawingName?: string;
  pid: Pick<PidSpec, 'metresPerUnit'>;
  catalogue?: readonly CatalogueEntry[];
  /** the legend's fluid descriptions by code */
  fluidDescriptions?: ReadonlyMap<string, string>;
}

/** What the lists know of a placed symbol. */
interface ListedItem {
  image: SymbolImage;
  role: PidRole;
  symbol: string;
  itemClass: string;
  tag: string;
  props: Record<string, string>;
  /** the pipelines fastened to it */
  lines: PipelineElement[];
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

function listedItems(
  lists: Pick<SketchLists, 'Images' | 'Pipelines'>,
  context: PidListContext,
): ListedItem[] {
  const bySrc = new Map((context.catalogue ?? SYMBOL_CATALOGUE).map((entry) => [entry.src, entry]));
  return lists.Images.map((image) => {
    const entry = bySrc.get(image.src);
    const group = entry?.group ?? '';
    const symbol = entry?.category ?? (image.pidItem || image.src.split('/').pop() || '');
    return {
      image,
      role: pidRole(group),
      symbol,
      itemClass: image.itemClass?.trim() || pidItemClass(group, symbol),
      tag: image.tag?.trim() ?? '',
      props: image.props ?? {},
      lines: lists.Pipelines.filter(
        (line) => line.start?.itemId === image.id || line.end?.itemId === image.id,
      ),
    };
  });
}

/** The first non-empty value of a line data field among an item's pipelines. */
const lineValue = (item: ListedItem, field: 'lineNumber' | 'fluidCode' | 'nominalSize' | 'pipeSpec') =>
  item.lines.map((line) => line.line[field].trim()).find(Boolean) ?? '';

/** Millimetres from a nominal size as written ('DN150', '150', '150 mm'); '' for inches or none. */
function sizeInMm(size: string): string {
  const match = /^(?:DN\s*)?(\d+(?:\.\d+)?)\s*(?:mm)?$/i.exec(size.trim());
  return match ? match[1]! : '';
}

/** 'min-max' of the process range properties, else 'Not Specified' (as the schedules write it). */
function processRange(props: Record<string, string>): string {
  const min = props['Process Range - Minimum']?.trim();
  const max = props['Process Range - Maximum']?.trim();
  return min && max ? `${min}-${max}` : 'Not Specified';
}

/** A row of the schedule's columns from the values known, the sketch's own values after. */
function row(
  columns: readonly string[],
  values: Record<string, string | number>,
  props: Record<string, string>,
) {
  const out: Record<string, string | number> = {};
  for (const column of columns) out[column] = values[column] ?? props[column] ?? '';
  return out;
}

const sortedByTag = (items: ListedItem[]) =>
  items.sort((a, b) => byText(a.tag || '\uffff', b.tag || '\uffff') || byText(a.symbol, b.symbol));

function equipmentList(items: ListedItem[], context: PidListContext): PidList {
  const columns = [...SCHEDULE_COLUMNS.equipment, 'Class', 'Symbol', 'Connected Lines'];
  const rows = sortedByTag(items.filter((item) => item.role === 'equipment')).map((item) =>
    row(
      columns,
      {
        'PID Drawing No.': context.drawingName ?? '',
        Tag: item.tag,
        'Equipment Description': item.props['Equipment Description'] ?? item.props.Description ?? item.symbol,
        Class: item.itemClass,
        Symbol: item.symbol,
        'Connected Lines': [...new Set(item.lines.map((line) => line.line.lineNumber).filter(Boolean))].join(
          ', ',
        ),
      },
      item.props,
    ),
  );
  return { kind: 'equipment', sheet: PID_LIST_SHEETS.equipment, columns, rows };
}

function valveList(items: ListedItem[], context: PidListContext): PidList {
  const columns = [...SCHEDULE_COLUMNS.valve, 'Line Number', 'Nominal Size', 'Class', 'Symbol'];
  const rows = sortedByTag(items.filter((item) => item.role === 'valve')).map((item) => {
    const size = lineValue(item, 'nominalSize');
    return row(
      columns,
      {
        'PID Drawing No.': context.drawingName ?? '',
        Tag: item.tag,
        'Long Description (size)': [size, item.itemClass].filter(Boolean).join(' '),
        Description: item.props.Description ?? item.symbol,
        'Fluid Code': lineValue(item, 'fluidCode'),
        'Valve Type': item.props['Valve Type'] ?? item.itemClass,
        'Size (mm)': sizeInMm(size),
        'Line Number': lineValue(item, 'lineNumber'),
        'Nominal Size': size,
        Class: item.itemClass,
        Symbol: item.symbol,
      },
      item.props,
    );
  });
  return { kind: 'valve', sheet: PID_LIST_SHEETS.valve, columns, rows };
}

function instrumentList(
  items: ListedItem[],
  lists: Pick<SketchLists, 'SignalLines'>,
  context: PidListContext,
): PidList {
  const columns = [...SCHEDULE_COLUMNS.instrument, 'Line Number', 'Signal Lines', 'Class', 'Symbol'];
  const tagOf = new Map(items.map((item) => [item.image.id, item.tag || item.symbol]));
  const rows = sortedByTag(items.filter((item) => item.role === 'instrument')).map((item) => {
    const fluid = lineValue(item, 'fluidCode');
    const signals = lists.SignalLines.flatMap((signal) => {
      if (signal.start?.itemId === item.image.id && signal.end) return [tagOf.get(signal.end.itemId) ?? ''];
      if (signal.end?.itemId === item.image.id && signal.start) return [tagOf.get(signal.start.itemId) ?? ''];
      return [];
    });
    return row(
      columns,
      {
        Tag: item.tag,
        'Instrument Type': item.props['Instrument Type'] ?? item.itemClass,
        Description: item.props.Description ?? item.symbol,
        'PID Drawing No.': context.drawingName ?? '',
        'Process Range': processRange(item.props),
        'Connection Size': lineValue(item, 'nominalSize'),
        'Fluid Description': (fluid && context.fluidDescriptions?.get(fluid)) || fluid,
        'Line Number': lineValue(item, 'lineNumber'),
        'Signal Lines': [...new Set(signals.filter(Boolean))].join(', '),
        Class: item.itemClass,
        Symbol: item.symbol,
      },
      item.props,
    );
  });
  return { kind: 'instrument', sheet: PID_LIST_SHEETS.instrument, columns, rows };
}

function lineList(
  items: ListedItem[],
  lists: Pick<SketchLists, 'Pipelines'>,
  context: PidListContext,
): PidList {
  const scale = context.pid.metresPerUnit;
  const columns = [
    ...SCHEDULE_COLUMNS.pipeline,
    'Fluid Code',
    'Nominal Size',
    'Pipe Spec',
    'Insulated',
    'Trace Heated',
    'Segments',
  ];
  const itemById = new Map(items.map((item) => [item.image.id, item]));
  // numbered lines are one row each; segments without a number are rows of their own
  const groups = new Map<string, PipelineElement[]>();
  for (const line of lists.Pipelines) {
    const key = line.line.lineNumber.trim() ? `#${line.line.lineNumber.trim()}` : `@${line.id}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const rows = [...groups.values()].map((segments) => {
    const first = segments[0]!;
    const data = first.line;
    const size = segments.map((s) => s.line.nominalSize.trim()).find(Boolean) ?? '';
    // the ends that are not an inline symbol between two segments of this line
    const upstream = new Map<string, number>();
    const downstream = new Map<string, number>();
    for (const segment of segments) {
      const [from, to] =
        segment.line.flow === 'reverse' ? [segment.end, segment.start] : [segment.start, segment.end];
      if (from) upstream.set(from.itemId, (upstream.get(from.itemId) ?? 0) + 1);
      if (to) downstream.set(to.itemId, (downstream.get(to.itemId) ?? 0) + 1);
    }
    const named = (ids: string[]) =>
      ids
        .map((id) => itemById.get(id))
        .map((item) => (item ? item.tag || item.symbol : ''))
        .filter(Boolean)
        .join(', ');
    const from = named([...upstream.keys()].filter((id) => !downstream.has(id)));
    const to = named([...downstream.keys()].filter((id) => !upstream.has(id)));
    const length = segments.reduce((sum, s) => sum + polylineLength(toPoints(s.points)), 0);
    const props = Object.assign({}, ...segments.map((s) => s.props)) as Record<string, string>;
    return row(
      columns,
      {
        'PID Drawing No.': context.drawingName ?? '',
        'Line Number': data.lineNumber.trim(),
        'Long Description (size)': [size, first.lineType].filter(Boolean).join(' '),
        From: from,
        To: to,
        'Line Length (mm)': scale ? Math.round(length * scale * 1000) : '',
        'MDP (barg)': props['Maximum Fluid Operating Pressure (barg)'] ?? '',
        'Fluid Code': segments.map((s) => s.line.fluidCode.trim()).find(Boolean) ?? '',
        'Nominal Size': size,
        'Pipe Spec': segments.map((s) => s.line.pipeSpec.trim()).find(Boolean) ?? '',
        Insulated: segments.some((s) => s.line.insulated) ? 'Yes' : 'No',
        'Trace Heated': segments.some((s) => s.line.traced || /trace heated/i.test(s.lineType))
          ? 'Yes'
          : 'No',
        Segments: segments.length,
      },
      props,
    );
  });
  rows.sort((a, b) => byText(String(a['Line Number']) || '\uffff', String(b['Line Number']) || '\uffff'));
  return { kind: 'line', sheet: PID_LIST_SHEETS.line, columns, rows };
}

/** One of the sketch's P&ID lists. */
export function pidList(
  kind: PidListKind,
  lists: Pick<SketchLists, 'Images' | 'Pipelines' | 'SignalLines'>,
  context: PidListContext,
): PidList {
  const items = listedItems(lists, context);
  switch (kind) {
    case 'equipment':
      return equipmentList(items, context);
    case 'valve':
      return valveList(items, context);
    case 'instrument':
      return instrumentList(items, lists, context);
    case 'line':
      return lineList(items, lists, context);
  }
}
