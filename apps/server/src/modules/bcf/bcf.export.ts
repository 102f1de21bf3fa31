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
import type { BcfRepo } from './bcf.repo.ts';
import { isViewpointCommentText, parseStoredBcf, type StoredComment } from './bcf.stored.ts';
import type { BcfComment, BcfExportVersion, BcfSnapshot, BcfViewpoint } from './bcf.types.ts';
import { objectsOfState, viewpointOfState } from './bcf.viewpoint.ts';
import { readViewerState, versionOfModel } from './bcf.viewstate.ts';
import { viewableGuids } from './bcf.mapping.ts';
import { imageTypeOf, pngSize } from '../../http/images.ts';
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
    const snapshots = await this.repo.snapshotsOfProject(projectId);
    const topics: ExportTopic[] = [];
    for (const issue of issues) {
      const kept = parseStoredBcf(stored.get(issue.id) ?? null);
      const snapshot = await this.snapshotOf(issue, snapshots.get(issue.id));
      let viewpoints = kept.viewpoints;
      if (!viewpoints.length) {
        const size = snapshot?.type === 'image/png' ? pngSize(snapshot.bytes) : null;
        const derived = await this.viewpointOf(issue, size ? size.width / size.height : 1);
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

  /**
   * A viewpoint from the issue's first link: its viewer state (camera, selection across models, hidden,
   * isolated and coloured objects, section planes and box, measurements as lines) and its pinned object,
   * with the objects' IfcGuids from the object index of each of the project's model versions it names.
   * `aspectRatio` is the view's width / height (the snapshot's), for a BCF 3.0 camera.
   */
  private async viewpointOf(issue: Issue, aspectRatio: number): Promise<Omit<BcfViewpoint, 'guid'> | null> {
    const link = issue.linkedDocuments[0];
    if (!link) return null;
    const raw = link.details.viewerState;
    const state = readViewerState(raw);
    const ownVersion = (await this.issues.repo.versionOf(link.documentId)) ?? null;
    const guids = new Map<string, Map<number, string>>();
    for (const [versionId, localIds] of objectsOfState(state, ownVersion, link.details.objectId))
      guids.set(versionId, await this.repo.guidsOfLocalIds(issue.projectId, versionId, localIds));
    // the models measurements were taken on, by their IfcProject's GlobalId (the 3D viewable's)
    const measured = state.measurements.flatMap((m) => {
      const versionId = m.model ? versionOfModel(m.model) : null;
      return versionId ? [versionId] : [];
    });
    const projectGuids = viewableGuids(await this.repo.viewablesOf([...new Set(measured)], issue.projectId));
    return viewpointOfState({
      raw,
      state,
      ownVersion,
      objectId: link.details.objectId,
      pinnedGuid: link.details.object?.globalId ?? null,
      guidOf: (versionId, localId) => guids.get(versionId)?.get(localId),
      projectGuidOf: (modelId) => projectGuids.get(versionOfModel(modelId) ?? ''),
      aspectRatio,
    });
  }

  /**
   * The issue's own snapshot (placed in the viewer, or imported); for an issue without one, the newest PNG
   * markup preview of its document.
   */
  private async snapshotOf(
    issue: Issue,
    own: { hash: string; type: string } | undefined,
  ): Promise<BcfSnapshot | null> {
    const fallback = async () => {
      const link = issue.linkedDocuments[0];
      return link ? this.repo.newestPngPreview(issue.projectId, link.documentId) : null;
    };
    const hash = own?.hash ?? (await fallback());
    if (!hash) return null;
    const bytes = await readBlob(this.blobs, hash);
    const type = imageTypeOf(bytes);
    return type ? { type, bytes } : null;
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
