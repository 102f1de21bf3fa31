// The P&ID legend's reference data: schemas and the default every installation starts with.
import defaultLegendJson from './defaultLegend.json' with { type: 'json' };
import { LegendDataSchema, type LegendData } from './legend.ts';

export * from './legend.ts';

/** The shipped legend: 38 fluid codes, about 44 pipe materials and the static property guide (validated on load). */
export const DEFAULT_LEGEND: LegendData = LegendDataSchema.parse(defaultLegendJson);
