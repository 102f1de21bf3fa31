/**
 * What the web's Sections panel needs without loading the viewer (no WebGL, no workers): the section
 * plane maths and constants (`@penstock/viewer/sections`).
 */
export {
  DEFAULT_CAP_COLOUR,
  MAX_SECTION_PLANES,
  axisOf,
  directionLabel,
  planeOffset,
} from './model/sectionMath.ts';
export type { Axis, BoxState, PlaneGeometry } from './model/sectionMath.ts';
export { PLAN_CUT_HEIGHT } from './model/plan.ts';
