import { writeDexpi } from '@penstock/dexpi';
import { sketchBaseName, type SavedSketch } from '@penstock/shared';

/** What a rendition is made from: the saved sketch, and the drawing sheet (built once, when asked for). */
export interface IssueSource {
  sketch: SavedSketch;
  sheetPdf: () => Promise<Buffer>;
}

/** One file an issue stores: `<drawing number>.<extension>`. */
export interface IssueRendition {
  extension: string;
  /** what it is, for messages */
  label: string;
  build: (source: IssueSource) => Promise<Buffer>;
}

/** The sketch as getpidsketch answers it: the native file, which the sketch editor reads back. */
function nativeSketch({ sketch }: IssueSource): Promise<Buffer> {
  const { updatedBy: _updatedBy, ...native } = sketch;
  return Promise.resolve(Buffer.from(`${JSON.stringify(native, null, 1)}\n`, 'utf8'));
}

/** The sketch as DEXPI 1.3 XML (Proteus 4.1.1), as export-dexpi downloads it: for the design house's plant tool. */
function dexpiFile({ sketch }: IssueSource): Promise<Buffer> {
  const { xml } = writeDexpi({
    name: sketchBaseName(sketch.DrawingName),
    lists: sketch,
    pid: sketch.PidSpec,
  });
  return Promise.resolve(Buffer.from(xml, 'utf8'));
}

/**
 * The files an issued sketch is stored as (issue 37 §5), each a version of its own item in the target
 * folder, all in one transaction with the same revision.
 */
export const ISSUED_RENDITIONS: readonly IssueRendition[] = [
  { extension: 'pdf', label: 'drawing sheet', build: (source) => source.sheetPdf() },
  { extension: 'xml', label: 'DEXPI file', build: dexpiFile },
  { extension: 'json', label: 'native sketch', build: nativeSketch },
];
