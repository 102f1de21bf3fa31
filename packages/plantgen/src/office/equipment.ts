/** Equipment and instrument lists (xlsx) of the generated works, read from the same plant model as the IFC. */
import ExcelJS from 'exceljs';
import { planPlant } from '../plant/plan.ts';
import type { PlantElement, PlantOptions } from '../plant/types.ts';
import { Rng } from '../rng.ts';
import { fixZipTimestamps } from './zip.ts';

export interface EquipmentListOptions {
  /** Size of the plant the list is taken from (elements, as for the IFC); default 2,000. */
  readonly elements?: number;
  readonly name?: string;
}

const EQUIPMENT = new Set(['Pump', 'Blower', 'Compressor', 'Tank', 'Clarifier', 'Screen', 'Mixer', 'Motor']);
const INSTRUMENTS = new Set([
  'Flow Instrument',
  'Level Instrument',
  'Pressure Instrument',
  'Quality Instrument',
  'Temperature Instrument',
]);
const MAKERS: Readonly<Record<string, readonly string[]>> = {
  Pump: ['Aquaflow Pumps', 'Northbank Engineering', 'Severn Hydraulics'],
  Blower: ['Airmaster Process', 'Tessaly Blowers'],
  Compressor: ['Gasmove Systems', 'Tessaly Blowers'],
  Motor: ['Brennan Motors', 'Kestrel Drives'],
  Mixer: ['Mixwell', 'Northbank Engineering'],
};
const DATE = new Date(Date.UTC(2025, 0, 1));

const prop = (e: PlantElement, name: string): string | number => e.props.find(([n]) => n === name)?.[1] ?? '';

type Row = Record<string, string | number>;

function equipmentRow(e: PlantElement, area: string, rng: Rng): Row {
  const makers = MAKERS[e.category] ?? ['Civil Works Contractor'];
  const power = e.category === 'Motor' ? rng.pick([5.5, 7.5, 11, 15, 22, 30, 45, 55, 75]) : '';
  return {
    tag: e.tag ?? '',
    description: e.description,
    category: e.category,
    className: prop(e, 'Class Name'),
    area,
    drawing: prop(e, 'PID Drawing No.'),
    fluid: prop(e, 'Fluid Code'),
    status: prop(e, 'Status'),
    manufacturer: rng.pick(makers),
    model: `${e.category.slice(0, 2).toUpperCase()}-${rng.int(100, 999)}`,
    power,
    weight: rng.int(2, 400) * 10,
    hazard: prop(e, 'Hazard'),
  };
}

function instrumentRow(e: PlantElement, area: string): Row {
  return {
    tag: e.tag ?? '',
    type: prop(e, 'Instrument Type'),
    category: e.category,
    area,
    drawing: prop(e, 'PID Drawing No.'),
    line: prop(e, 'Line Number'),
    fluid: prop(e, 'Fluid Code'),
    range: `${prop(e, 'Process Range - Minimum')} - ${prop(e, 'Process Range - Maximum')}`,
    units: prop(e, 'Engineering Units'),
    status: prop(e, 'Status'),
    hazard: prop(e, 'Hazard'),
  };
}

function addSheet(
  book: ExcelJS.Workbook,
  name: string,
  columns: [key: string, header: string, width: number][],
  rows: Row[],
): void {
  const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(([key, header, width]) => ({ key, header, width }));
  sheet.addRows(rows);
  const head = sheet.getRow(1);
  head.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  head.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
}

/** An equipment list (and an instrument list) as an .xlsx file; the same inputs give the same bytes. */
export async function generateEquipmentListXlsx(
  seed: number,
  options: EquipmentListOptions = {},
): Promise<Buffer> {
  const plant: PlantOptions = {
    elements: options.elements ?? 2000,
    seed,
    ...(options.name ? { name: options.name } : {}),
  };
  const rng = new Rng(seed, 4);
  const equipment: Row[] = [];
  const instruments: Row[] = [];
  for (const module of planPlant(plant)) {
    for (const e of module.elements) {
      if (EQUIPMENT.has(e.category)) equipment.push(equipmentRow(e, module.stream, rng));
      else if (INSTRUMENTS.has(e.category)) instruments.push(instrumentRow(e, module.stream));
    }
  }
  const book = new ExcelJS.Workbook();
  book.creator = 'Penstock plantgen';
  book.lastModifiedBy = 'Penstock plantgen';
  book.created = DATE;
  book.modified = DATE;
  addSheet(
    book,
    'Equipment List',
    [
      ['tag', 'Tag', 12],
      ['description', 'Description', 44],
      ['category', 'P&ID Class', 16],
      ['className', 'Class Name', 16],
      ['area', 'Area', 20],
      ['drawing', 'PID Drawing No.', 16],
      ['fluid', 'Fluid Code', 10],
      ['status', 'Status', 10],
      ['manufacturer', 'Manufacturer', 24],
      ['model', 'Model', 10],
      ['power', 'Rated Power (kW)', 16],
      ['weight', 'Weight (kg)', 12],
      ['hazard', 'Hazard', 36],
    ],
    equipment,
  );
  addSheet(
    book,
    'Instrument List',
    [
      ['tag', 'Tag', 12],
      ['type', 'Instrument Type', 30],
      ['category', 'P&ID Class', 22],
      ['area', 'Area', 20],
      ['drawing', 'PID Drawing No.', 16],
      ['line', 'Line Number', 16],
      ['fluid', 'Fluid Code', 10],
      ['range', 'Process Range', 14],
      ['units', 'Engineering Units', 16],
      ['status', 'Status', 10],
      ['hazard', 'Hazard', 36],
    ],
    instruments,
  );
  return fixZipTimestamps(Buffer.from(await book.xlsx.writeBuffer()), DATE);
}
