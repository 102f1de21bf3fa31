/**
 * What the web's Measure panel needs without loading the viewer (no WebGL, no workers): units, formatting
 * and names of measurements (`@penstock/viewer/measure`).
 */
export {
  DISPLAY_UNITS,
  KIND_NAMES,
  MAX_DECIMALS,
  defaultDecimals,
  formatArea,
  formatLength,
} from './model/measureUnits.ts';
export type { DisplaySettings, DisplayUnit, ProjectLengthUnit } from './model/measureUnits.ts';
