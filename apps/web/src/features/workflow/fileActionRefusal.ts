import {
  fileChangeRefusal,
  isRecordState,
  underReviewMessage,
  type ProjectRole,
  type StructureNode,
} from '@penstock/shared';
import type { TargetFolder } from './api.ts';
import type { FileAction } from './components/FileActions.tsx';

/**
 * Why the Workflow panel's Move, Delete or Upload cannot be used on this document now, by the same shared
 * rules the server enforces (packages/shared/src/documentControl.ts), or null: a document under review is
 * held, and only project managers change files by hand in Published and Archived. The server still
 * decides; its answer shows in the panel when it refuses anyway (a workflow submitted meanwhile).
 */
export function fileActionRefusal({
  action,
  role,
  documentNode,
  documentName,
  target,
}: {
  action: FileAction;
  role: ProjectRole | undefined;
  /** the document's file node in the structure (its State and Hold) */
  documentNode: Pick<StructureNode, 'State' | 'Hold'> | null;
  documentName: string;
  target: TargetFolder | null;
}): string | null {
  const source = documentNode?.State ?? null;
  if (action === 'upload') return target ? fileChangeRefusal(role, 'upload', [target.state]) : null;
  const hold = documentNode?.Hold;
  if (hold) return underReviewMessage(documentName, hold, action);
  if (action === 'delete') return fileChangeRefusal(role, 'deleteFiles', [source]);
  // before a target is picked, say so already when the document sits in the record
  if (!target) return isRecordState(source) ? fileChangeRefusal(role, 'moveFiles', [source]) : null;
  return fileChangeRefusal(role, 'moveFiles', [source, target.state]);
}
