/**
 * The synthetic valve schedule of the browser bench: PropertyValues (the records the viewer hands a schedule
 * modal) for N valves spread evenly over ten of the valve schedule's categories, with every static and
 * dynamic property name of the catalogue's valve types, as ScheduleModal.test.tsx builds them at small size.
 */
import { VALVE_DYNAMIC, VALVE_STATIC, type DynamicRecord, type StaticRecord } from '@penstock/shared';
import type { PropertyValues } from '../../../apps/web/src/features/viewer/sessionCopy.ts';

/** Ten categories of the valve schedule: 10,000 valves give 1,000 of each (the bulk edit selects one type). */
export const VALVE_CATEGORIES = [
  'Gate Valve',
  'Ball Valve',
  'Butterfly Valve',
  'Globe Valve',
  'Non-Return Valve',
  'Plug Valve',
  'Pinch Valve',
  'Control Valve',
  'Parallel Slide Valve',
  'Hand Valve',
] as const;

export const BENCH_PROJECT = 'Schedule Bench';
export const BENCH_FILE = 'SB-PID-001.ifc';

export const valveTag = (index: number) => `V-${String(index + 1).padStart(5, '0')}`;

const SIZES = [50, 80, 100, 150, 200, 250, 300];
const FLUIDS = ['PW', 'RW', 'SL', 'AIR', 'CHM'];

function staticValue(name: string, index: number, category: string): string {
  const size = SIZES[index % SIZES.length]!;
  switch (name) {
    case 'Tag':
      return valveTag(index);
    case 'P&ID Class':
    case 'Class Name':
      return category;
    case '3D Model Class':
      return 'IfcValve';
    case 'Fluid Code':
      return FLUIDS[index % FLUIDS.length]!;
    case 'PID Drawing No.':
      return `SB-PID-${String(1 + (index % 40)).padStart(3, '0')}`;
    case 'Status':
      return 'New';
    case 'Line Number':
      return `L-${String(1 + Math.floor(index / 8)).padStart(4, '0')}`;
    case 'Size':
    case 'Size (mm)':
    case 'Size (NB)':
      return String(size);
    case 'Size (inches)':
      return String(Math.round(size / 25.4));
    case 'Size (OD)':
      return String(size + 10);
    case 'Valve Type':
      return category.replace(/ Valve$/, '');
    case 'Valve Pressure Rating (barg)':
      return '16';
    case 'Valve Actuator':
      return index % 3 === 0 ? 'Electric' : 'Manual';
    case 'Pipeline Group Tag':
      return `PG-${1 + (index % 25)}`;
    default:
      // the fluid limits
      return name.startsWith('Min') ? '0' : '10';
  }
}

function dynamicValue(name: string, index: number): string {
  switch (name) {
    case 'Description':
      return `Isolation valve ${index + 1}`;
    case 'Manufacturer':
      return index % 2 ? 'Acme Valves' : 'Northern Flow';
    case 'Weight (kg)':
      return String(5 + (index % 40));
    default:
      return '';
  }
}

/** Static and dynamic records of `count` valves of one model file, none locked. */
export function valveValues(count: number): PropertyValues {
  const base = { projectName: BENCH_PROJECT, fileName: BENCH_FILE };
  const statics: StaticRecord[] = [];
  const dynamics: DynamicRecord[] = [];
  for (let i = 0; i < count; i++) {
    const category = VALVE_CATEGORIES[i % VALVE_CATEGORIES.length]!;
    const record = { ...base, tag: valveTag(i), guId: `g-${i}`, category };
    statics.push({
      ...record,
      propValueList: VALVE_STATIC.map((propName) => ({
        propName,
        propValue: staticValue(propName, i, category),
      })),
    });
    dynamics.push({
      ...record,
      locked: false,
      propValueList: VALVE_DYNAMIC.map((propName) => ({ propName, propValue: dynamicValue(propName, i) })),
    });
  }
  return {
    StatPropValues: statics,
    DynaPropValues: dynamics,
    ElemWithProps: [],
    Categories: [...VALVE_CATEGORIES],
  };
}
