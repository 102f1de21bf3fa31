/** @penstock/plantgen: deterministic demo data for a water-treatment works (IFC, P&ID PDF, xlsx, PNG). */
export {
  emitPlantIfc,
  generatePlantIfc,
  writePlantIfc,
  type PlantIfcOptions,
  type PlantIfcStats,
} from './ifc.ts';
export { generatePidPdf, type PidPdfOptions } from './pdf.ts';
export { generateEquipmentListXlsx, generateSitePhotoPng, type EquipmentListOptions } from './office.ts';
export { planPlant, plantIdentity, type PlantIdentity } from './plant/plan.ts';
export type { PlantRevision, PlantRevisionChanges } from './plant/revision.ts';
export {
  BS1710,
  FLUID_PIPE_STYLE,
  KIND_COLOURS,
  PALETTE,
  type PaletteEntry,
  type StyleKey,
} from './plant/palette.ts';
export { PROP, PSET_NAME } from './plant/props.ts';
export { STREAMS } from './plant/streams.ts';
export { IFC_ELEMENT_TYPES } from './plant/types.ts';
export type {
  Body,
  IfcElementType,
  PlantElement,
  PlantLine,
  PlantModule,
  PlantOptions,
  Prop,
  Shape,
  Solid,
} from './plant/types.ts';
