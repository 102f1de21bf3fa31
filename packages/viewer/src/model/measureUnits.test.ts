import { describe, expect, it } from 'vitest';
import {
  distanceParts,
  formatAngle,
  formatArea,
  formatLength,
  fromIfcAxes,
  measurementLabel,
  nextName,
  projectLengthUnit,
  toIfcAxes,
  toSite,
} from './measureUnits.ts';
import type { MeasurementState } from './state.ts';

describe('project units', () => {
  it('reads the length unit of the project', () => {
    expect(projectLengthUnit([{ unitType: 'LENGTHUNIT', prefix: 'MILLI', name: 'METRE' }])).toEqual({
      symbol: 'mm',
      metres: 0.001,
      display: 'mm',
    });
    expect(
      projectLengthUnit([
        { unitType: 'AREAUNIT', name: 'SQUARE_METRE' },
        { unitType: 'LENGTHUNIT', prefix: null, name: 'METRE' },
      ]),
    ).toEqual({ symbol: 'm', metres: 1, display: 'm' });
    expect(projectLengthUnit([{ unitType: 'LENGTHUNIT', prefix: 'CENTI', name: 'METRE' }])).toMatchObject({
      symbol: 'cm',
      display: 'm',
    });
    expect(projectLengthUnit([{ unitType: 'LENGTHUNIT', name: 'FOOT' }])).toMatchObject({ symbol: 'ft' });
  });

  it('defaults to metres without a length unit', () => {
    expect(projectLengthUnit([])).toEqual({ symbol: 'm', metres: 1, display: 'm' });
  });
});

describe('formatting', () => {
  it('shows lengths in the chosen unit and decimals', () => {
    expect(formatLength(7.11, { unit: 'm', decimals: 3 })).toBe('7.110 m');
    expect(formatLength(7.11, { unit: 'mm', decimals: 0 })).toBe('7110 mm');
    expect(formatLength(7.1104, { unit: 'mm', decimals: 1 })).toBe('7110.4 mm');
    expect(formatLength(-0.0001, { unit: 'm', decimals: 2 })).toBe('0.00 m');
    expect(formatLength(1, { unit: 'm', decimals: 99 })).toBe('1.000000 m');
  });

  it('shows areas in m² with at least two decimals, angles in degrees', () => {
    expect(formatArea(120, { unit: 'mm', decimals: 0 })).toBe('120.00 m²');
    expect(formatArea(99.83577, { unit: 'm', decimals: 3 })).toBe('99.836 m²');
    expect(formatAngle(90, { unit: 'm', decimals: 3 })).toBe('90.000°');
    expect(formatAngle(45.26, { unit: 'mm', decimals: 0 })).toBe('45.3°');
  });

  it('labels each kind of measurement', () => {
    const display = { unit: 'm' as const, decimals: 2 };
    const m = (kind: MeasurementState['kind'], value: number): MeasurementState => ({
      id: 'a',
      name: 'A',
      kind,
      value,
      points: [
        { x: 1, y: 3, z: -2 },
        { x: 4, y: 3, z: -6 },
      ],
    });
    expect(measurementLabel(m('distance', 5), display)).toBe('5.00 m');
    expect(measurementLabel(m('perpendicular', 2.5), display)).toBe('⊥ 2.50 m');
    expect(measurementLabel(m('run', 12), display)).toBe('Σ 12.00 m');
    expect(measurementLabel(m('area', 3), display)).toBe('3.00 m²');
    expect(measurementLabel(m('angle', 30), display)).toBe('30.00°');
    expect(measurementLabel(m('point', 3), display)).toBe('z 3.00 m');
    // dx, dy, dz in IFC axes: x, y = −z, z = y of the viewer
    expect(distanceParts(m('distance', 5), display)).toEqual(['dx 3.00 m', 'dy 4.00 m', 'dz 0.00 m']);
  });

  it('names measurements by kind, skipping names in use', () => {
    const taken = [{ id: '1', name: 'Distance 2', kind: 'distance' as const, points: [], value: 1 }];
    expect(nextName('distance', taken)).toBe('Distance 3');
    expect(nextName('angle', taken)).toBe('Angle 1');
  });
});

describe('coordinates', () => {
  it('turns the viewer frame into IFC axes and back', () => {
    expect(toIfcAxes({ x: 1, y: 2, z: 3 })).toEqual({ x: 1, y: -3, z: 2 });
    expect(fromIfcAxes(toIfcAxes({ x: 1, y: 2, z: 3 }))).toEqual({ x: 1, y: 2, z: 3 });
  });

  it('gives site coordinates through the map conversion', () => {
    const conversion = {
      eastings: 500000,
      northings: 200000,
      orthogonalHeight: 50,
      xAxisAbscissa: 0,
      xAxisOrdinate: 1,
      scale: 1,
    };
    // the project's x axis points north: x = 10 goes 10 m north, y = 5 goes 5 m west
    const site = toSite({ x: 10, y: 5, z: 2 }, conversion);
    expect(site.eastings).toBeCloseTo(499995, 9);
    expect(site.northings).toBeCloseTo(200010, 9);
    expect(site.height).toBeCloseTo(52, 9);
    // no turn given: the map's own axes
    expect(toSite({ x: 1, y: 2, z: 3 }, { ...conversion, xAxisAbscissa: 0, xAxisOrdinate: 0 })).toEqual({
      eastings: 500001,
      northings: 200002,
      height: 53,
    });
  });
});
