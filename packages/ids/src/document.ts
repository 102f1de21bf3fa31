/**
 * IDS documents without the checker: the model, the reader's structure pass (parse.ts, fast-xml-parser) and the
 * writer. Browser-safe (no web-ifc, no xmllint-wasm), so the web app's IDS editor imports this entry,
 * `@penstock/ids/document`, and never the package's main one.
 */
export * from './model.ts';
export { parseIds, IdsReadError } from './parse.ts';
export { writeIds, inSchemaOrder, FACET_ORDER, escapeXml } from './write.ts';
