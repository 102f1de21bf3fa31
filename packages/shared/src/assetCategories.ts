/**
 * Plant asset categories: the values an object's 'P&ID Class' property takes. Matching against a model
 * is case-insensitive. The names, families and schedules come from the asset-type catalogue
 * (./catalogue), which also holds each category's static and dynamic property names.
 */
import { ASSET_TYPE_CATALOGUE, MISSING_PID_CLASS_CATEGORY } from './catalogue/index.ts';

export type AssetFamily = 'pipeline' | 'equipment' | 'valve' | 'instrument' | 'civil';
export type AssetSchedule = 'valve' | 'equipment' | 'instrument' | 'pipeline';

export interface AssetCategory {
  /** Title Case category name as written in the object's 'P&ID Class'. */
  readonly name: string;
  readonly family: AssetFamily;
  /** The schedule this category is listed in, if any. 'Existing' and 'Future' variants are not scheduled. */
  readonly schedule?: AssetSchedule;
}

/** The category text given to an object whose 'P&ID Class' is empty. */
export const MISSING_ASSET_CATEGORY = MISSING_PID_CLASS_CATEGORY;

export const ASSET_CATEGORIES: readonly AssetCategory[] = ASSET_TYPE_CATALOGUE.map(
  ({ category, family, schedule }): AssetCategory =>
    schedule ? { name: category, family, schedule } : { name: category, family },
);
