import { describe, expect, it } from 'vitest';
import {
  PLAN_CUT_HEIGHT,
  elevationScale,
  findStorey,
  planCutHeight,
  planHalfHeight,
  readStoreys,
  storeyLevels,
} from './plan.ts';

describe('storey plans', () => {
  it('cuts 1.5 m above the storey floor', () => {
    expect(PLAN_CUT_HEIGHT).toBe(1.5);
    expect(planCutHeight(0)).toBe(1.5);
    expect(planCutHeight(4.2)).toBeCloseTo(5.7);
    expect(planCutHeight(-3, 1)).toBe(-2);
  });

  it('finds the unit of the storey elevations from the model height', () => {
    // millimetres in a model 12 m high
    expect(elevationScale([0, 4500, 9000], -0.5, 12)).toBe(0.001);
    // already metres
    expect(elevationScale([0, 4.5, 9], -0.5, 12)).toBe(1);
    // feet: 30 ft = 9.1 m
    expect(elevationScale([0, 150, 300], 0, 92)).toBe(0.3048);
    // nothing to go by
    expect(elevationScale([], 0, 10)).toBe(1);
    expect(elevationScale([1e9], 0, 10)).toBe(1);
  });

  it('lists storeys in metres from the lowest, and finds them by name', () => {
    const levels = storeyLevels(
      [
        { name: 'First Floor', elevation: 4500 },
        { name: 'Ground Floor', elevation: 0 },
        { name: 'Basement', elevation: -3500 },
        { name: 'Broken', elevation: Number.NaN },
      ],
      -4,
      10,
    );
    expect(levels).toEqual([
      { name: 'Basement', elevation: -3.5 },
      { name: 'Ground Floor', elevation: 0 },
      { name: 'First Floor', elevation: 4.5 },
    ]);
    expect(findStorey(levels, 'Ground Floor')?.elevation).toBe(0);
    expect(findStorey(levels, ' ground floor ')?.name).toBe('Ground Floor');
    expect(findStorey(levels, 'Roof')).toBeUndefined();
  });

  it('frames a footprint in the orthographic view', () => {
    // wide view: the depth decides
    expect(planHalfHeight(20, 40, 2, 1)).toBe(20);
    // narrow view: the width decides
    expect(planHalfHeight(40, 10, 0.5, 1)).toBe(40);
    expect(planHalfHeight(0, 0, 1, 1)).toBe(0.5);
    expect(planHalfHeight(10, 10, 0, 1)).toBe(5);
  });

  it('reads the storeys of a fragments model', async () => {
    const storeys = await readStoreys({
      getItemsOfCategories: async () => ({ IFCBUILDINGSTOREY: [7, 9] }),
      getItemsData: async (ids) =>
        ids.map((id) =>
          id === 7
            ? { Name: { value: 'Ground Floor' }, Elevation: { value: 0 } }
            : { Name: { value: 'Upper' }, Elevation: { value: 4500 } },
        ),
    });
    expect(storeys).toEqual([
      { name: 'Ground Floor', elevation: 0 },
      { name: 'Upper', elevation: 4500 },
    ]);
    expect(
      await readStoreys({ getItemsOfCategories: async () => ({}), getItemsData: async () => [] }),
    ).toEqual([]);
  });
});
