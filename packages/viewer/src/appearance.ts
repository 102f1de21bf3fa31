/**
 * What the web's Appearance panel needs without loading the viewer (no WebGL, no workers): the colour-by
 * legend's palette and labels (`@penstock/viewer/appearance`).
 */
export {
  MAX_LEGEND_VALUES,
  NO_VALUE_COLOUR,
  OTHER_VALUES_COLOUR,
  PALETTE,
  colourByValues,
  legendLabel,
} from './model/appearanceLegend.ts';
export type { ValueRef } from './model/appearanceLegend.ts';
export type { LegendRow } from './model/state.ts';
