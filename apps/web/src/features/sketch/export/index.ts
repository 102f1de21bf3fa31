// The sketch editor's exports (issue 13), called from the toolbar: each makes a Blob; downloadBlob saves it.
export { downloadBlob } from './download.ts';
export {
  SKETCH_EXPORT_FILE_NAMES,
  exportRasterPdf,
  exportSketchSvg,
  exportSketchVectorPdf,
  withPrintableImages,
} from './sketchExports.ts';
export { exportItemList, itemListWorkbook } from './itemList.ts';
