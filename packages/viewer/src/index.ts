export { createModelViewer, LIGHT_BACKGROUND } from './model/ModelViewer.ts';
export { warmFragmentsWorker } from './model/warmWorkers.ts';
export type { ModelViewer, ModelViewerOptions, ModelViewerState, Vec3 } from './model/types.ts';
export type {
  AppearanceState,
  FederatedModelState,
  LegendRow,
  MeasurementKind,
  MeasurementState,
  ObjectRef,
  SectionPlaneState,
  SectionsState,
} from './model/state.ts';
export type {
  ObjectIdTable,
  StoredAppearance,
  StoredObject,
  StoredViewerState,
} from './model/storedState.ts';
export {
  fromStoredState,
  isStoredViewerState,
  objectIdsOf,
  toStoredState,
  versionOfModelId,
} from './model/storedState.ts';
export type { SectionTool, SectionEditTarget, CapInfo } from './model/sections.ts';
export { MAX_SECTION_PLANES, DEFAULT_CAP_COLOUR } from './model/sections.ts';
export { axisOf, directionLabel, planeOffset } from './model/sectionMath.ts';
export type { Axis, BoxState, PlaneGeometry } from './model/sectionMath.ts';
export type { MeasureMode, MeasureStatus, MeasureTool } from './model/measure.ts';
export type { Snap, SnapKind, SnapSurface } from './model/measureMath.ts';
export type { DisplaySettings, DisplayUnit, ProjectLengthUnit } from './model/measureUnits.ts';
export type { AppearanceSummary, AppearanceTool, ValueRef } from './model/appearance.ts';
export { createPdfViewer } from './pdf/PdfViewer.ts';
export { clampPage, clampZoom, fitWidthScale, MIN_ZOOM, MAX_ZOOM } from './pdf/pages.ts';
export type { PdfViewer, PdfViewerOptions, PdfViewerState } from './pdf/PdfViewer.ts';
export {
  PLAN_CUT_HEIGHT,
  planCutHeight,
  planHalfHeight,
  elevationScale,
  storeyLevels,
} from './model/plan.ts';
export type { StoreyLevel } from './model/plan.ts';
export * from './markup/index.ts';
