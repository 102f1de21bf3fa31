/** Identifier formats. Projects use the document platform's 'b.<uuid>' form; the prefix tells a node's kind. */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const PROJECT_ID_PATTERN = new RegExp(`^b\\.${UUID}$`);
export const FOLDER_ID_PATTERN = new RegExp(`^f\\.${UUID}$`);
export const ITEM_ID_PATTERN = new RegExp(`^i\\.${UUID}$`);
export const VERSION_ID_PATTERN = new RegExp(`^v\\.${UUID}$`);
export const ROOT_TREE_ID = '#';

export type TreeIdKind = 'root' | 'project' | 'folder' | 'item' | 'version';

export function treeIdKind(id: string): TreeIdKind | null {
  if (id === ROOT_TREE_ID) return 'root';
  if (PROJECT_ID_PATTERN.test(id)) return 'project';
  if (FOLDER_ID_PATTERN.test(id)) return 'folder';
  if (ITEM_ID_PATTERN.test(id)) return 'item';
  if (VERSION_ID_PATTERN.test(id)) return 'version';
  return null;
}

/** The project id without its 'b.' prefix (used in /config/reports/{id}/...). */
export const bareProjectId = (projectId: string): string => projectId.replace(/^b\./, '');
