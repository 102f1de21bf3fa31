import { fileExtension, type ProjectListItem } from '@penstock/shared';
import type { OpenModel, SelectedProject } from '../../base/store.tsx';

/** What a hub row opens: a workflow (to view, review or approve) or a markup (to view). */
export type HubOpenTarget =
  | { kind: 'workflow'; id: string; action: 'view' }
  | { kind: 'workflow'; id: string; action: 'review'; reviewId: string | undefined }
  | { kind: 'workflow'; id: string; action: 'approve'; approvalId: string | undefined }
  | { kind: 'markup'; id: string };

/** The store's project for a hub item, from the user's project list; null when they are not on it. */
export function hubProject(projects: readonly ProjectListItem[], projectId: string): SelectedProject | null {
  const found = projects.find((p) => p.projectid === projectId || p.id === projectId);
  if (!found) return null;
  return { projectid: found.projectid, text: found.text, hrefbim360: found.hrefbim360, role: found.role };
}

/** The viewer tab of a hub document: the submitted version, shown from its content. */
export const hubModel = (
  documentId: string,
  documentName: string,
  codes: { revision?: string; suitability?: string } = {},
): OpenModel => ({
  id: documentId,
  name: documentName,
  number: Math.random(),
  selected: true,
  fileType: fileExtension(documentName).replace(/^\./, ''),
  hrefbim360: `/api/versions/${encodeURIComponent(documentId)}/content`,
  versionId: documentId,
  ...(codes.revision ? { revision: codes.revision, suitability: codes.suitability } : {}),
});
