import { useIdsOverview } from './api.ts';
import { IdsValidity } from './IdsValidity.tsx';

/**
 * An IDS file's status beside its name in the project browser: 'Valid · N specifications', or 'Invalid'
 * with the problems in its tooltip. Read from the project's IDS overview (one call per project).
 */
export function IdsFileBadge({ projectId, itemId }: { projectId: string; itemId: string }) {
  const entry = useIdsOverview(projectId).data?.documents.find((document) => document.itemId === itemId);
  if (!entry) return null;
  return <IdsValidity validation={entry.validation} compact />;
}
