// The sketch editor's exports (issue 13), called from the toolbar: each makes a Blob; downloadBlob (base/download.ts) saves it.
export {
  SKETCH_EXPORT_FILE_NAMES,
  drawingBounds,
  exportRasterPdf,
  exportSketchSvg,
  exportSketchVectorPdf,
  withPrintableImages,
} from './sketchExports.ts';
export { exportItemList, itemListWorkbook } from './itemList.ts';
export { PID_LIST_FILE_NAMES, exportPidList, pidListWorkbook } from './pidLists.ts';
export { exportArea, landscape, type ExportArea } from './exportArea.ts';
