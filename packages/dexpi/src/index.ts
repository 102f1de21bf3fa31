// DEXPI exchange for P&ID sketches (issue 37 §4): write a sketch as DEXPI 1.3 XML (Proteus 4.1.1), read one
// from another tool into a new sketch with a report, and check a file against the Proteus rules written
// down in rules.ts. Framework-free: used by the server's import and export calls and by the tests.
export {
  writeDexpi,
  splitInstrumentTag,
  type DexpiSketchInput,
  type WriteOptions,
  type WrittenDexpi,
} from './write.ts';
export { readDexpi, DexpiFormatError, type DexpiImportReport, type ReadDexpiResult } from './read.ts';
export { checkProteus, checkProteusXml, type RuleProblem } from './validate.ts';
export { PROTEUS_RULES } from './rules.ts';
export { XmlSyntaxError, parseXml, type XmlElement } from './xml.ts';
export { dexpiClassOf, symbolForClass, GENERIC_SYMBOL, GENERIC_INSTRUMENT } from './classes.ts';
