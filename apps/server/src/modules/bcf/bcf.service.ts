import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import JSZip from 'jszip';
import type { CurrentUser } from '@penstock/shared';
import { badRequest } from '../../http/errors.ts';
import type { LocalBlobStore } from '../../storage/blobStore.ts';
import { IssuesRepo, parseLinkedDocuments, type IssuesService } from '../issues/index.ts';
import {
  ISSUE_STATUSES,
  ISSUE_TYPES,
  type Issue,
  type IssueStatus,
  type IssueType,
  type LinkedDocument,
} from '@penstock/shared';
import {
  BcfFormatError,
  cameraFromViewerState,
  modelViewerStateFromBcf,
  parseMarkupXml,
  parseVersionXml,
  parseViewpointXml,
  writeExtensionsXml,
  writeMarkupXml,
  writeVersionXml,
  writeViewpointXml,
  type BcfTopic,
  type BcfViewpoint,
} from './bcf.xml.ts';

const STATUS_LABELS: Record<IssueStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
  void: 'Void',
};
/** BCF statuses of other tools, mapped to Penstock's; anything unknown is 'open'. */
const STATUS_ALIASES: Record<string, IssueStatus> = {
  open: 'open',
  new: 'open',
  active: 'open',
  in_progress: 'answered',
  answered: 'answered',
  resolved: 'answered',
  solved: 'answered',
  closed: 'closed',
  done: 'closed',
  void: 'void',
  rejected: 'void',
};
export const statusFromBcf = (value: string): IssueStatus =>
  STATUS_ALIASES[
    value
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_')
  ] ?? 'open';
export const typeFromBcf = (value: string): IssueType =>
  (ISSUE_TYPES as readonly string[]).includes(value) ? (value as IssueType) : 'quality_issues';

interface ParsedTopic {
  topic: BcfTopic;
  /** every viewpoint file the topic names, in its order */
  viewpoints: BcfViewpoint[];
}

/** issues.bcf_viewpoints: the viewpoints of an imported topic, as in the file (IFC frame, IfcGuids). */
export interface StoredViewpoints {
  version: 1;
  viewpoints: BcfViewpoint[];
}

export function parseStoredViewpoints(text: string | null): BcfViewpoint[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as Partial<StoredViewpoints>;
    return parsed.version === 1 && Array.isArray(parsed.viewpoints) ? parsed.viewpoints : [];
  } catch {
    return [];
  }
}

/** A model object of the project found by its IfcGuid. */
export interface ResolvedObject {
  versionId: string;
  itemId: string;
  versionNumber: number;
  localId: number;
  guid: string;
}

/**
 * The links of an imported topic: one per model whose objects its first viewpoint selects (of an item's
 * versions only the newest that has any), the model with the most selected objects first.
 */
export function linksFromViewpoint(
  viewpoint: BcfViewpoint | undefined,
  resolved: readonly ResolvedObject[],
  viewableOf: (versionId: string) => string,
): LinkedDocument[] {
  if (!viewpoint?.selection.length) return [];
  const wanted = new Set(viewpoint.selection);
  const matches = resolved.filter((o) => wanted.has(o.guid));
  const newest = new Map<string, number>();
  for (const o of matches) newest.set(o.itemId, Math.max(newest.get(o.itemId) ?? 0, o.versionNumber));
  const byVersion = new Map<string, number[]>();
  for (const guid of viewpoint.selection) {
    for (const o of matches) {
      if (o.guid !== guid || newest.get(o.itemId) !== o.versionNumber) continue;
      const ids = byVersion.get(o.versionId) ?? [];
      if (!ids.includes(o.localId)) ids.push(o.localId);
      byVersion.set(o.versionId, ids);
    }
  }
  return [...byVersion.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .map(([versionId, localIds]) => ({
      documentId: versionId,
      details: {
        viewableGuid: viewableOf(versionId),
        // where on the model the issue is pinned is not in BCF; the camera and selection say what to show
        position: { x: 0, y: 0, z: 0 },
        objectId: localIds[0]!,
        viewerState: viewpoint.camera ? modelViewerStateFromBcf(viewpoint.camera, localIds) : null,
      },
    }));
}

/** BCF 3.0 export and import of a project's issues. BCF 2.x files are refused. */
export class BcfService {
  constructor(
    private readonly issues: IssuesService,
    private readonly blobs: LocalBlobStore,
  ) {}

  async exportProject(user: CurrentUser, projectId: string): Promise<{ fileName: string; content: Buffer }> {
    const issues = await this.issues.list(user, projectId);
    const members = (await this.issues.projectUsers(user, projectId)).data.results;
    const emailOf = (id: string | null) =>
      id ? (members.find((m) => m.autodeskId === id)?.email ?? id) : null;
    const project = await this.issues.db
      .selectFrom('projects')
      .select('name')
      .where('id', '=', projectId)
      .executeTakeFirst();
    const zip = new JSZip();
    zip.file('bcf.version', writeVersionXml());
    zip.file(
      'extensions.xml',
      writeExtensionsXml({
        topicTypes: ISSUE_TYPES,
        topicStatuses: ISSUE_STATUSES.map((s) => STATUS_LABELS[s]),
        users: members.map((m) => m.email),
      }),
    );
    const storedRows = await this.issues.db
      .selectFrom('issues')
      .select(['id', 'bcf_viewpoints'])
      .where('project_id', '=', projectId)
      .where('bcf_viewpoints', 'is not', null)
      .execute();
    const stored = new Map(storedRows.map((row) => [row.id, parseStoredViewpoints(row.bcf_viewpoints)]));
    for (const issue of issues) {
      const folder = zip.folder(issue.guid)!;
      const snapshot = await this.snapshotOf(issue);
      let viewpoints: BcfViewpoint[] = stored.get(issue.id) ?? [];
      if (!viewpoints.length) {
        const derived = await this.viewpointOf(issue);
        viewpoints = derived ? [{ ...derived, guid: crypto.randomUUID() }] : [];
      }
      if (!viewpoints.length && snapshot)
        viewpoints = [{ guid: crypto.randomUUID(), camera: null, selection: [] }];
      const topic: BcfTopic = {
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
        comments: issue.comments.map((c) => ({
          guid: c.id.replace(/^c\./, ''),
          date: c.createdAt,
          author: emailOf(c.authorId) ?? c.author,
          comment: c.body,
        })),
        // the newest markup image, when there is one, goes with the first viewpoint
        viewpoints: viewpoints.map((v, index) => ({
          guid: v.guid,
          viewpoint: v.camera || v.selection.length ? `viewpoint-${v.guid}.bcfv` : null,
          snapshot: index === 0 && snapshot ? `snapshot-${v.guid}.png` : null,
        })),
      };
      folder.file('markup.bcf', writeMarkupXml(topic));
      for (const v of viewpoints)
        if (v.camera || v.selection.length) folder.file(`viewpoint-${v.guid}.bcfv`, writeViewpointXml(v));
      if (snapshot && viewpoints[0]) folder.file(`snapshot-${viewpoints[0].guid}.png`, snapshot);
    }
    const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const safeName = (project?.name ?? 'issues').replace(/[^\w .-]+/g, '_');
    return { fileName: `${safeName}.bcf`, content };
  }

  /** Reads the whole file first: a malformed file is refused before anything is written. */
  async importProject(
    user: CurrentUser,
    projectId: string,
    content: Buffer,
  ): Promise<{ created: number; updated: number; issues: Issue[] }> {
    await this.issues.requireEditor(user, projectId);
    const topics = await readBcf(content);
    const members = (await this.issues.projectUsers(user, projectId)).data.results;
    const idOfEmail = (email: string | null) =>
      email ? (members.find((m) => m.email.toLowerCase() === email.toLowerCase())?.autodeskId ?? null) : null;
    const resolved = await this.resolveGuids(
      projectId,
      topics.flatMap(({ viewpoints }) => viewpoints.flatMap((v) => v.selection)),
    );
    const viewables = await this.viewablesOf([...new Set(resolved.map((o) => o.versionId))]);
    let created = 0;
    let updated = 0;
    const ids: string[] = [];
    await this.issues.db.transaction().execute(async (trx) => {
      const repo = new IssuesRepo(trx);
      const at = new Date().toISOString();
      for (const { topic, viewpoints } of topics) {
        const links = linksFromViewpoint(
          viewpoints.find((v) => v.selection.length) ?? viewpoints[0],
          resolved,
          (versionId) => viewables.get(versionId) ?? '',
        );
        const fields = {
          type: typeFromBcf(topic.topicType),
          status: statusFromBcf(topic.topicStatus),
          title: topic.title.slice(0, 200),
          description: topic.description,
          assignee_id: idOfEmail(topic.assignedTo),
          due_date: /^\d{4}-\d{2}-\d{2}/.test(topic.dueDate ?? '') ? topic.dueDate!.slice(0, 10) : null,
          updated_at: at,
          bcf_viewpoints: viewpoints.length
            ? JSON.stringify({ version: 1, viewpoints } satisfies StoredViewpoints)
            : null,
        };
        const existing = await repo.findByGuid(projectId, topic.guid);
        let issueId: string;
        let known: string[] = [];
        if (existing) {
          issueId = existing.id;
          // links to the models the file selects replace those to the same documents; others stay
          const kept = parseLinkedDocuments(existing.linked_documents).filter(
            (link) => !links.some((l) => l.documentId === link.documentId),
          );
          await repo.update(issueId, {
            ...fields,
            ...(links.length ? { linked_documents: JSON.stringify([...links, ...kept]) } : {}),
          });
          known = (await repo.commentsOf([issueId])).map((c) => `${c.created_at}\n${c.body}`);
          updated++;
        } else {
          issueId = `q.${crypto.randomUUID()}`;
          await repo.insert({
            id: issueId,
            project_id: projectId,
            guid: topic.guid,
            ...fields,
            linked_documents: JSON.stringify(links),
            created_by: user.id,
            created_at: validIso(topic.creationDate) ?? at,
          });
          created++;
        }
        for (const comment of topic.comments) {
          const date = validIso(comment.date) ?? at;
          if (!comment.comment || known.includes(`${date}\n${comment.comment}`)) continue;
          const authorId = idOfEmail(comment.author);
          await repo.addComment({
            issue_id: issueId,
            author_id: authorId,
            author_name: comment.author || 'Unknown',
            body: comment.comment,
            created_at: date,
          });
        }
        ids.push(issueId);
      }
    });
    const issues = await this.issues.list(user, projectId);
    return { created, updated, issues: issues.filter((issue) => ids.includes(issue.id)) };
  }

  /** The objects of the project's converted models with any of these IfcGuids, in one query per 500. */
  private async resolveGuids(projectId: string, guids: readonly string[]): Promise<ResolvedObject[]> {
    const unique = [...new Set(guids)];
    const rows: ResolvedObject[] = [];
    for (let i = 0; i < unique.length; i += 500) {
      const found = await this.issues.db
        .selectFrom('model_objects')
        .innerJoin('versions', 'versions.id', 'model_objects.version_id')
        .innerJoin('items', 'items.id', 'versions.item_id')
        .innerJoin('conversions', 'conversions.version_id', 'model_objects.version_id')
        .select([
          'model_objects.version_id as versionId',
          'versions.item_id as itemId',
          'versions.number as versionNumber',
          'model_objects.local_id as localId',
          'model_objects.guid as guid',
        ])
        .where('items.project_id', '=', projectId)
        .where('conversions.state', '=', 'done')
        .where('model_objects.guid', 'in', unique.slice(i, i + 500))
        .execute();
      rows.push(
        ...found.map((r) => ({ ...r, versionNumber: Number(r.versionNumber), localId: Number(r.localId) })),
      );
    }
    return rows;
  }

  /** The guid of each version's 3D viewable (see jobs/ifcExtract.ts: the IfcProject GlobalId, or 'model'). */
  private async viewablesOf(versionIds: readonly string[]): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    if (!versionIds.length) return result;
    const rows = await this.issues.db
      .selectFrom('conversions')
      .select(['version_id', 'viewables'])
      .where('version_id', 'in', versionIds)
      .execute();
    for (const row of rows) {
      try {
        const list = JSON.parse(row.viewables) as Array<{ guid?: unknown; role?: unknown }>;
        const viewable = list.find((v) => v.role === '3d');
        if (typeof viewable?.guid === 'string') result.set(row.version_id, viewable.guid);
      } catch {
        // a conversion without readable viewables links without one
      }
    }
    return result;
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
        const rows = await this.issues.db
          .selectFrom('model_objects')
          .select(['local_id', 'guid'])
          .where('version_id', '=', versionId)
          .where('local_id', 'in', localIds.slice(0, 5000))
          .execute();
        const guidOf = new Map(rows.map((r) => [Number(r.local_id), r.guid]));
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
    const row = await this.issues.db
      .selectFrom('markup_items')
      .innerJoin('markups', 'markups.id', 'markup_items.markup_id')
      .select('markup_items.image_hash')
      .where('markups.project_id', '=', issue.projectId)
      .where((eb) =>
        eb.or([eb('markups.document_id', '=', link.documentId), eb('markups.item_id', '=', link.documentId)]),
      )
      .where('markup_items.image_type', '=', 'image/png')
      .where('markup_items.image_hash', 'is not', null)
      .orderBy('markups.updated_at', 'desc')
      .executeTakeFirst();
    return row?.image_hash ? fsp.readFile(this.blobs.pathOf(row.image_hash)) : null;
  }
}

function validIso(value: string): string | null {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** Every topic of a BCF 3.0 zip, or a 400 with the first problem. */
export async function readBcf(content: Buffer): Promise<ParsedTopic[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(content);
  } catch {
    throw badRequest('The file is not a BCF file: it is not a zip archive');
  }
  try {
    const versionFile = zip.file('bcf.version');
    if (!versionFile) throw new BcfFormatError('The file is not a BCF file: bcf.version is missing');
    const version = parseVersionXml(await versionFile.async('string'));
    if (version !== '3.0')
      throw new BcfFormatError(`Only BCF 3.0 files can be imported (this file is BCF ${version})`);
    const topics: ParsedTopic[] = [];
    const markupFiles = zip.file(/^[^/]+\/markup\.bcf$/);
    for (const file of markupFiles) {
      const folder = file.name.split('/')[0]!;
      const topic = parseMarkupXml(await file.async('string'), file.name);
      const viewpoints: BcfViewpoint[] = [];
      for (const entry of topic.viewpoints) {
        const viewpointFile = entry.viewpoint ? zip.file(`${folder}/${entry.viewpoint}`) : null;
        if (!viewpointFile) continue;
        const viewpoint = parseViewpointXml(await viewpointFile.async('string'), viewpointFile.name);
        viewpoints.push({ ...viewpoint, guid: entry.guid || viewpoint.guid || crypto.randomUUID() });
      }
      topics.push({ topic, viewpoints });
    }
    const guids = new Set<string>();
    for (const { topic } of topics) {
      if (guids.has(topic.guid)) throw new BcfFormatError(`Topic ${topic.guid} appears twice in the file`);
      guids.add(topic.guid);
    }
    return topics;
  } catch (error) {
    if (error instanceof BcfFormatError) throw badRequest(error.message);
    throw error;
  }
}
