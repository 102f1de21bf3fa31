/**
 * The asset-type catalogue: every plant asset type (object category) with its static and dynamic property
 * names. An object's category comes from its 'P&ID Class', matched case-insensitively (and trimmed).
 */
import type { AssetSchedule } from '../assetCategories.ts';
import type { AssetTypeEntry } from './families.ts';
import {
  CIVIL_TYPES,
  EQUIPMENT_TYPES,
  FITTING_TYPES,
  INSTRUMENT_TYPES,
  PIPELINE_TYPES,
  VALVE_TYPES,
} from './types.ts';

export * from './families.ts';
export * from './schedules.ts';

/** The category text given to an object whose 'P&ID Class' is empty or missing. */
export const MISSING_PID_CLASS_CATEGORY = 'Error - Object needs a P&ID Class';

export const ASSET_TYPE_CATALOGUE: readonly AssetTypeEntry[] = [
  ...PIPELINE_TYPES,
  ...EQUIPMENT_TYPES,
  ...VALVE_TYPES,
  ...FITTING_TYPES,
  ...INSTRUMENT_TYPES,
  ...CIVIL_TYPES,
];

const normalise = (name: string) => name.trim().toLowerCase();

const BY_CATEGORY: ReadonlyMap<string, AssetTypeEntry> = new Map(
  ASSET_TYPE_CATALOGUE.map((entry) => [normalise(entry.category), entry]),
);

/** The catalogue entry for a 'P&ID Class' (case-insensitive, trimmed), or undefined. */
export function findAssetType(pidClass: string | undefined | null): AssetTypeEntry | undefined {
  if (!pidClass) return undefined;
  return BY_CATEGORY.get(normalise(pidClass));
}

/**
 * The category of an object with this 'P&ID Class': the catalogue's spelling when the class is known, the
 * class text itself (trimmed) when not, and MISSING_PID_CLASS_CATEGORY when it is empty or missing.
 */
export function categoryOf(pidClass: string | undefined | null): string {
  const text = pidClass?.trim() ?? '';
  if (!text) return MISSING_PID_CLASS_CATEGORY;
  return findAssetType(text)?.category ?? text;
}

/** The types listed in an asset schedule, in catalogue order. */
export function assetTypesForSchedule(schedule: AssetSchedule): readonly AssetTypeEntry[] {
  return ASSET_TYPE_CATALOGUE.filter((entry) => entry.schedule === schedule);
}
