import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import JSZip from 'jszip';
import type { CurrentUser } from '@penstock/shared';
import { badRequest } from '../../http/errors.ts';
import type { LocalBlobStore } from '../../storage/blobStore.ts';
import { IssuesRepo, type IssuesService } from '../issues/index.ts';
import { ISSUE_STATUSES, ISSUE_TYPES, type Issue, type IssueStatus, type IssueType } from '@penstock/shared';
import {
  BcfFormatError,
  cameraFromViewerState,
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
  viewpoint: BcfViewpoint | null;
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
    for (const issue of issues) {
      const folder = zip.folder(issue.guid)!;
      const viewpoint = await this.viewpointOf(issue);
      const snapshot = await this.snapshotOf(issue);
      const viewpointGuid = crypto.randomUUID();
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
        viewpoints:
          viewpoint || snapshot
            ? [
                {
                  guid: viewpointGuid,
                  viewpoint: viewpoint ? `viewpoint-${viewpointGuid}.bcfv` : null,
                  snapshot: snapshot ? `snapshot-${viewpointGuid}.png` : null,
                },
              ]
            : [],
      };
      folder.file('markup.bcf', writeMarkupXml(topic));
      if (viewpoint)
        folder.file(
          `viewpoint-${viewpointGuid}.bcfv`,
          writeViewpointXml({ ...viewpoint, guid: viewpointGuid }),
        );
      if (snapshot) folder.file(`snapshot-${viewpointGuid}.png`, snapshot);
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
    let created = 0;
    let updated = 0;
    const ids: string[] = [];
    await this.issues.db.transaction().execute(async (trx) => {
      const repo = new IssuesRepo(trx);
      const at = new Date().toISOString();
      for (const { topic } of topics) {
        const fields = {
          type: typeFromBcf(topic.topicType),
          status: statusFromBcf(topic.topicStatus),
          title: topic.title.slice(0, 200),
          description: topic.description,
          assignee_id: idOfEmail(topic.assignedTo),
          due_date: /^\d{4}-\d{2}-\d{2}/.test(topic.dueDate ?? '') ? topic.dueDate!.slice(0, 10) : null,
          updated_at: at,
        };
        const existing = await repo.findByGuid(projectId, topic.guid);
        let issueId: string;
        let known: string[] = [];
        if (existing) {
          issueId = existing.id;
          await repo.update(issueId, fields);
          known = (await repo.commentsOf([issueId])).map((c) => `${c.created_at}\n${c.body}`);
          updated++;
        } else {
          issueId = `q.${crypto.randomUUID()}`;
          await repo.insert({
            id: issueId,
            project_id: projectId,
            guid: topic.guid,
            ...fields,
            linked_documents: '[]',
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

  private async viewpointOf(issue: Issue): Promise<Omit<BcfViewpoint, 'guid'> | null> {
    const link = issue.linkedDocuments[0];
    if (!link) return null;
    const camera = cameraFromViewerState(link.details.viewerState);
    const selection: string[] = [];
    if (link.details.objectId !== null) {
      const versionId = await this.issues.repo.versionOf(link.documentId);
      const guid = versionId && (await this.issues.repo.guidOfObject(versionId, link.details.objectId));
      if (guid) selection.push(guid);
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
      let viewpoint: BcfViewpoint | null = null;
      const first = topic.viewpoints.find((v) => v.viewpoint);
      const viewpointFile = first?.viewpoint ? zip.file(`${folder}/${first.viewpoint}`) : null;
      if (viewpointFile)
        viewpoint = parseViewpointXml(await viewpointFile.async('string'), viewpointFile.name);
      topics.push({ topic, viewpoint });
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
