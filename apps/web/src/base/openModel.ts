import { fileExtension, type TreeNode } from '@penstock/shared';
import type { OpenModel } from './store.tsx';

/** The file type of a tree node, lower case without its dot: its own type, else its name's extension. */
export const fileTypeOf = (node: TreeNode): string =>
  (node.fileType ?? fileExtension(node.fileName ?? node.text)).toLowerCase().replace(/^\./, '');

/** The workspace tab a tree node opens as (the project browser, a report, the hub open files this way). */
export const modelFromNode = (node: TreeNode): OpenModel => ({
  id: node.id,
  name: node.fileName ?? node.text,
  number: Math.random(),
  selected: true,
  fileType: fileTypeOf(node),
  hrefbim360: node.hrefbim360,
  versionNumber: node.versionNumber,
  versionId: node.versionId ?? (node.type === 'version' ? node.id : undefined),
  revision: node.revision,
  suitability: node.suitability,
});
