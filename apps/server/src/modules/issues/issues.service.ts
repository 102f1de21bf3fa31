import crypto from 'node:crypto';
import type { CurrentUser } from '@penstock/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import type { AccessService, AfterAccess } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { decodePngDataUrl } from '../../http/images.ts';
import type { DocumentsRepo } from '../documents/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import type {
  CreateIssueBody,
  Issue,
  IssueComment,
  IssueStatus,
  IssueType,
  LinkedDocument,
  ProjectUsersAnswer,
  UpdateIssueBody,
} from '@penstock/shared';
import { MAX_ISSUE_SNAPSHOT_BYTES, splitUserName } from '@penstock/shared';
import type { IssuesRepo, IssueRow } from './issues.repo.ts';
import { presentComment, presentIssue } from './issues.presenter.ts';

const now = () => new Date().toISOString();

export interface IssueFilter {
  status?: IssueStatus;
  type?: IssueType;
  documentId?: string;
}

/**
 * Issues of a project. Any member (viewers too) reads issues and comments on them; members and managers
 * create and edit. Non-members get 404, as for a missing id.
 */
export class IssuesService {
  constructor(
    readonly repo: IssuesRepo,
    private readonly documentsRepo: DocumentsRepo,
    private readonly projects: ProjectDirectory,
    private readonly access: AccessService,
    private readonly blobs: BlobStore,
  ) {}

  async list(user: CurrentUser, projectId: string, filter: IssueFilter = {}): Promise<Issue[]> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    let rows = await this.repo.listOfProject(projectId);
    if (filter.status) rows = rows.filter((row) => row.status === filter.status);
    if (filter.type) rows = rows.filter((row) => row.type === filter.type);
    const issues = await this.present(rows);
    if (!filter.documentId) return issues;
    let itemOfVersion: string | undefined;
    if (filter.documentId.startsWith('v.'))
      itemOfVersion = (await this.documentsRepo.findVersion(filter.documentId))?.item_id;
    return issues.filter((issue) =>
      issue.linkedDocuments.some(
        (link) =>
          link.documentId === filter.documentId || (!!itemOfVersion && link.documentId === itemOfVersion),
      ),
    );
  }

  async get(user: CurrentUser, id: string): Promise<Issue> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    await this.access.requireAccess(user, { project: row.project_id }, 'read');
    return (await this.present([row]))[0]!;
  }

  async create(user: CurrentUser, body: CreateIssueBody): Promise<Issue> {
    await this.access.requireAccess(user, { project: body.projectId }, 'writeIssues');
    await this.checkAssignee(body.projectId, body.assigneeId);
    await this.checkDocuments(body.projectId, body.linkedDocuments);
    const snapshot = body.snapshot
      ? await this.blobs.putBuffer(decodePngDataUrl(body.snapshot, MAX_ISSUE_SNAPSHOT_BYTES, 'snapshot'))
      : null;
    const row = this.newRow(user, body, snapshot);
    await this.repo.insert(row);
    return presentIssue(row, []);
  }

  /**
   * Several issues of one project in one action (a model compare's changes raised as issues, issue 34):
   * checked first, then written in one transaction, all or none. No snapshots.
   */
  async createMany(
    user: CurrentUser,
    projectId: string,
    bodies: ReadonlyArray<Omit<CreateIssueBody, 'projectId' | 'snapshot'>>,
  ): Promise<Issue[]> {
    await this.access.requireAccess(user, { project: projectId }, 'writeIssues');
    for (const assigneeId of new Set(bodies.map((body) => body.assigneeId)))
      await this.checkAssignee(projectId, assigneeId);
    const documents = bodies.flatMap((body) => body.linkedDocuments);
    const seen = new Set<string>();
    await this.checkDocuments(
      projectId,
      documents.filter((link) => !seen.has(link.documentId) && seen.add(link.documentId)),
    );
    const rows = bodies.map((body) => this.newRow(user, { ...body, projectId, snapshot: null }, null));
    await this.repo.insertMany(rows);
    return rows.map((row) => presentIssue(row, []));
  }

  private newRow(user: CurrentUser, body: CreateIssueBody, snapshot: { hash: string } | null): IssueRow {
    const at = now();
    const guid = crypto.randomUUID();
    return {
      id: `q.${crypto.randomUUID()}`,
      project_id: body.projectId,
      guid,
      type: body.type,
      status: body.status,
      title: body.title,
      description: body.description,
      assignee_id: body.assigneeId,
      due_date: body.dueDate,
      linked_documents: JSON.stringify(body.linkedDocuments),
      bcf_viewpoints: null,
      snapshot_hash: snapshot?.hash ?? null,
      snapshot_type: snapshot ? 'image/png' : null,
      created_by: user.id,
      created_at: at,
      updated_at: at,
    };
  }

  async update(user: CurrentUser, id: string, bodyOf: AfterAccess<UpdateIssueBody>): Promise<Issue> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    await this.access.requireAccess(user, { project: row.project_id }, 'writeIssues');
    const body = bodyOf();
    if (body.assigneeId !== undefined) await this.checkAssignee(row.project_id, body.assigneeId);
    if (body.linkedDocuments) await this.checkDocuments(row.project_id, body.linkedDocuments);
    const patch: Partial<IssueRow> = { updated_at: now() };
    if (body.type !== undefined) patch.type = body.type;
    if (body.status !== undefined) patch.status = body.status;
    if (body.title !== undefined) patch.title = body.title;
    if (body.description !== undefined) patch.description = body.description;
    if (body.assigneeId !== undefined) patch.assignee_id = body.assigneeId;
    if (body.dueDate !== undefined) patch.due_date = body.dueDate;
    if (body.linkedDocuments !== undefined) patch.linked_documents = JSON.stringify(body.linkedDocuments);
    await this.repo.update(id, patch);
    return this.get(user, id);
  }

  /** The issue's snapshot (any member reads it); 404 when the issue has none. */
  async snapshot(user: CurrentUser, id: string) {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    await this.access.requireAccess(user, { project: row.project_id }, 'read');
    if (!row.snapshot_hash) throw notFound();
    return {
      type: row.snapshot_type ?? 'image/png',
      hash: row.snapshot_hash,
      stream: this.blobs.createReadStream(row.snapshot_hash),
    };
  }

  async comment(user: CurrentUser, id: string, bodyOf: AfterAccess<string>): Promise<IssueComment> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    await this.access.requireAccess(user, { project: row.project_id }, 'read');
    const body = bodyOf();
    const at = now();
    const comment = await this.repo.addComment(
      { issue_id: id, author_id: user.id, author_name: user.name, body, created_at: at },
      { touchIssue: true },
    );
    return presentComment(comment);
  }

  /** GET /api/forge/bim360/Users: the project's members in the tracker's user shape. */
  async projectUsers(user: CurrentUser, projectId: string): Promise<ProjectUsersAnswer> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const members = await this.projects.members([projectId]);
    return {
      data: {
        results: members.map((member) => ({
          autodeskId: member.user_id,
          email: member.email,
          ...splitUserName(member.name),
        })),
      },
    };
  }

  async present(rows: readonly IssueRow[]): Promise<Issue[]> {
    const comments = await this.repo.commentsOf(rows.map((row) => row.id));
    const byIssue = new Map<string, typeof comments>();
    for (const comment of comments)
      byIssue.set(comment.issue_id, [...(byIssue.get(comment.issue_id) ?? []), comment]);
    return rows.map((row) => presentIssue(row, byIssue.get(row.id) ?? []));
  }

  private async checkAssignee(projectId: string, assigneeId: string | null): Promise<void> {
    if (assigneeId === null) return;
    if (!(await this.projects.isMember(projectId, assigneeId)))
      throw badRequest('assigneeId must be a member of the project');
  }

  private async checkDocuments(projectId: string, links: readonly LinkedDocument[]): Promise<void> {
    for (const link of links) {
      if ((await this.repo.documentProject(link.documentId)) !== projectId)
        throw badRequest(`Document ${link.documentId} is not in this project`);
    }
  }
}
