/**
 * Model files Penstock converts (issue 10): IFC, and zipped IFC ('.ifczip', unzipped on the server with a size
 * cap). The extension is matched case-insensitively. The schemas the converter (web-ifc 0.0.77) reads.
 */
export const MODEL_FILE_TYPES = ['ifc', 'ifczip'] as const;

/** The lower-case extension of a file name, '' for none. */
export const fileExtensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

/** Whether a file (by name or by extension) is a model that is converted for the viewer. */
export const isModelFile = (fileNameOrType: string): boolean => {
  const type = fileNameOrType.includes('.') ? fileExtensionOf(fileNameOrType) : fileNameOrType.toLowerCase();
  return (MODEL_FILE_TYPES as readonly string[]).includes(type);
};

/** The IFC schemas the converter reads, as named in a file's FILE_SCHEMA header. */
export const READABLE_IFC_SCHEMAS = [
  'IFC2X3',
  'IFC4',
  'IFC4X1',
  'IFC4X2',
  'IFC4X3',
  'IFC4X3_ADD1',
  'IFC4X3_ADD2',
  'IFC4X3_RC1',
  'IFC4X3_RC2',
  'IFC4X3_RC3',
  'IFC4X3_RC4',
] as const;

/** The schema a STEP header names (FILE_SCHEMA(('IFC4'))), upper case, or '' when it names none. */
export function schemaOfHeader(head: string): string {
  const match = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(head);
  return match ? match[1]!.trim().toUpperCase() : '';
}

/** The message of a model whose schema cannot be read, naming the schemas that can. */
export function unreadableSchemaMessage(schema: string): string {
  return `Its IFC schema ${schema || '(none named)'} cannot be read: Penstock reads IFC2X3, IFC4 and IFC4X3 (with IFC4X1, IFC4X2 and the IFC4X3 drafts and addenda)`;
}
