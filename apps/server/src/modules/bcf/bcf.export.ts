/** BCF export: a project's issues as topics, written as a BCF 3.0 or 2.1 zip. */
import {
  ISSUE_STATUSES,
  ISSUE_TYPES,
  type CurrentUser,
  type Issue,
  type IssueStatus,
} from '@penstock/shared';
import { readBlob, type BlobStore } from '../../storage/blobStore.ts';
import type { IssuesService } from '../issues/index.ts';
import { writeBcf, type ExportTopic } from './bcf.archive.ts';
import { cameraFromViewerState } from './bcf.camera.ts';
import type { BcfRepo } from './bcf.repo.ts';
import { isViewpointCommentText, parseStoredBcf, type StoredComment } from './bcf.stored.ts';
import type { BcfComment, BcfExportVersion, BcfViewpoint } from './bcf.types.ts';
import { nameGuid } from './bcf.xmlio.ts';

export const STATUS_LABELS: Record<IssueStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
  void: 'Void',
};

export class BcfExporter {
  constructor(
    private readonly issues: IssuesService,
    private readonly repo: BcfRepo,
    private readonly blobs: BlobStore,
  ) {}

  /** Any member may export; IssuesService.list checks that first. */
  async run(
    user: CurrentUser,
    projectId: string,
    version: BcfExportVersion,
  ): Promise<{ fileName: string; content: Buffer }> {
    const issues = await this.issues.list(user, projectId);
    const members = (await this.issues.projectUsers(user, projectId)).data.results;
    const emailOf = (id: string | null) =>
      id ? (members.find((m) => m.autodeskId === id)?.email ?? id) : null;
    const stored = await this.repo.storedBcfOfProject(projectId);
    const topics: ExportTopic[] = [];
    for (const issue of issues) {
      const kept = parseStoredBcf(stored.get(issue.id) ?? null);
      const snapshot = await this.snapshotOf(issue);
      let viewpoints = kept.viewpoints;
      if (!viewpoints.length) {
        const derived = await this.viewpointOf(issue);
        // named after what it shows, so exporting the same issue twice gives the same viewpoint Guid
        if (derived)
          viewpoints = [{ ...derived, guid: nameGuid(`${issue.guid}/${JSON.stringify(derived)}`) }];
      }
      if (!viewpoints.length && snapshot)
        viewpoints = [{ guid: nameGuid(`${issue.guid}/snapshot`), camera: null, selection: [] }];
      topics.push({
        topic: {
          guid: issue.guid,
          topicType: issue.type,
          topicStatus: STATUS_LABELS[issue.status],
          title: issue.title,
          description: issue.description,
          creationDate: issue.createdAt,
          creationAuthor: emailOf(issue.createdBy) ?? issue.createdBy,
          modifiedDate: issue.updatedAt,
          assignedTo: emailOf(issue.assigneeId),
          dueDate: issue.dueDate,
          labels: kept.labels,
          comments: issue.comments.map((c) =>
            exportComment(c, kept.comments, viewpoints, emailOf(c.authorId) ?? c.author),
          ),
        },
        viewpoints,
        snapshot,
      });
    }
    const content = await writeBcf(version, topics, {
      topicTypes: ISSUE_TYPES,
      topicStatuses: ISSUE_STATUSES.map((s) => STATUS_LABELS[s]),
      users: members.map((m) => m.email),
    });
    const safeName = ((await this.repo.projectName(projectId)) ?? 'issues').replace(/[^\w .-]+/g, '_');
    return { fileName: version === '3.0' ? `${safeName}.bcf` : `${safeName} (BCF ${version}).bcf`, content };
  }

  /** A viewpoint from the issue's first link: its viewer state's camera, its object and selection. */
  private async viewpointOf(issue: Issue): Promise<Omit<BcfViewpoint, 'guid'> | null> {
    const link = issue.linkedDocuments[0];
    if (!link) return null;
    const state = link.details.viewerState as { selection?: unknown } | null;
    const camera = cameraFromViewerState(state);
    const localIds: number[] = [];
    if (link.details.objectId !== null) localIds.push(link.details.objectId);
    if (state && Array.isArray(state.selection))
      for (const id of state.selection) if (Number.isInteger(id) && !localIds.includes(id)) localIds.push(id);
    const selection: string[] = [];
    if (localIds.length) {
      const versionId = await this.issues.repo.versionOf(link.documentId);
      if (versionId) {
        const guidOf = await this.repo.guidsOfLocalIds(versionId, localIds);
        for (const id of localIds) {
          const guid = guidOf.get(id);
          if (guid && !selection.includes(guid)) selection.push(guid);
        }
      }
    }
    return camera || selection.length ? { camera, selection } : null;
  }

  /** The image of the newest markup of the issue's document, when there is one (PNG only). */
  private async snapshotOf(issue: Issue): Promise<Buffer | null> {
    const link = issue.linkedDocuments[0];
    if (!link) return null;
    const hash = await this.repo.newestPngPreview(issue.projectId, link.documentId);
    return hash ? readBlob(this.blobs, hash) : null;
  }
}

/**
 * A Penstock comment as a BCF comment: an imported one keeps its BCF Guid and viewpoint, and one that only
 * pointed at a viewpoint goes out without text again; Penstock's own use their id's UUID as Guid.
 */
export function exportComment(
  comment: Issue['comments'][number],
  refs: readonly StoredComment[],
  viewpoints: readonly BcfViewpoint[],
  author: string,
): BcfComment {
  const ref = refs.find((r) => r.id === comment.id);
  const viewpointGuid =
    ref?.viewpoint && viewpoints.some((v) => v.guid === ref.viewpoint) ? ref.viewpoint : null;
  return {
    guid: ref?.guid ?? comment.id.replace(/^c\./, ''),
    date: comment.createdAt,
    author,
    comment: viewpointGuid && isViewpointCommentText(comment.body) ? '' : comment.body,
    viewpointGuid,
  };
}
