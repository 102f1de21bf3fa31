import fs from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * IDS files checked against the IDS 1.0 schema (packages/ids/schema/ids.xsd, buildingSMART's, unmodified) by
 * libxml2 (xmllint-wasm). ids.xsd imports three W3C schemas by their web addresses, which cannot be fetched
 * here: the copy handed to libxml2 points them at local files of the parts it uses (schema/NOTICE.md).
 */

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../schema');
const IMPORTS: Record<string, string> = {
  'http://www.w3.org/2001/xml.xsd': 'xml-subset.xsd',
  'http://www.w3.org/2001/XMLSchema.xsd': 'XMLSchema-subset.xsd',
  'http://www.w3.org/2001/XMLSchema-instance': 'XMLSchema-instance-subset.xsd',
};

let schemaFiles: {
  schema: { fileName: string; contents: string };
  preload: { fileName: string; contents: string }[];
} | null = null;

function schema() {
  if (!schemaFiles) {
    let ids = fs.readFileSync(path.join(SCHEMA_DIR, 'ids.xsd'), 'utf8');
    for (const [address, local] of Object.entries(IMPORTS))
      ids = ids.replace(`schemaLocation="${address}"`, `schemaLocation="${local}"`);
    schemaFiles = {
      schema: { fileName: 'ids.xsd', contents: ids },
      preload: Object.values(IMPORTS).map((local) => ({
        fileName: local,
        contents: fs.readFileSync(path.join(SCHEMA_DIR, local), 'utf8'),
      })),
    };
  }
  return schemaFiles;
}

export interface SchemaProblem {
  line: number | null;
  message: string;
}

/** The IDS document's problems against the IDS 1.0 schema (none: valid). */
export async function validateIdsSchema(xml: string): Promise<SchemaProblem[]> {
  const [problems] = await validateIdsSchemas([xml]);
  return problems ?? [];
}

/**
 * Several IDS documents against the schema in one run of libxml2 (each run costs most of a second in
 * starting it, whatever the files): each document's problems, in the order given.
 */
export async function validateIdsSchemas(xmls: readonly string[]): Promise<SchemaProblem[][]> {
  const { schema: ids, preload } = schema();
  const names = xmls.map((_, i) => `document-${i + 1}.ids`);
  const result = await validateXML({
    xml: xmls.map((contents, i) => ({ fileName: names[i]!, contents })),
    schema: [ids],
    preload,
  });
  const problems: SchemaProblem[][] = xmls.map(() => []);
  // a message without a place continues the one before it (libxml2 quotes the offending line)
  let current = 0;
  for (const e of result.errors) {
    const index = e.loc ? names.indexOf(e.loc.fileName) : -1;
    if (index >= 0) current = index;
    problems[current]!.push({ line: e.loc?.lineNumber ?? null, message: e.message.trim() });
  }
  return problems;
}
