import {
  WORKFLOW_MISSING_FIELDS,
  decisionProblem,
  dueDateProblem,
  targetSuitabilityProblem,
  formatDate,
  workflowStatus,
  type CurrentUser,
  type HubWorkflow,
  type ParticipantRole,
  type ParticipantStatus,
  type WorkflowDecision,
  type WorkflowDetail,
  type WorkflowStatus,
  type WorkflowSubmission,
} from '@penstock/shared';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import { stateOfTrail, type DocumentFiles, type DocumentsRepo } from '../documents/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import type { IdsGate } from '../ids/index.ts';
import type { SessionAsker } from '../auth/index.ts';
import { presentDetail, presentWorkflow } from './workflow.presenter.ts';
import {
  newEventId,
  newId,
  type ParticipantRow,
  type WorkflowRepo,
  type WorkflowRow,
  type WorkflowUnit,
} from './workflow.repo.ts';
import type { OutboxMessage } from '../../notify/outbox.repo.ts';
import type { WorkflowMail } from './workflow.mail.ts';

const now = () => new Date().toISOString();

/**
 * Review and approval of documents (forms spec §4 'Workflow'), enforced here: only the listed people
 * answer, reviewers first, each once; on approval the version is published into the target folder with the
 * target suitability and the next revision, linked to the version it came from.
 */
export class WorkflowService {
  constructor(
    private readonly repo: WorkflowRepo,
    private readonly documentsRepo: DocumentsRepo,
    private readonly projects: ProjectDirectory,
    private readonly documents: DocumentFiles,
    private readonly mail: WorkflowMail,
    private readonly access: AccessService,
    /** the information requirements gate (issue 36); absent, no model is gated */
    private readonly idsGate?: IdsGate,
  ) {}

  async submit(user: CurrentUser, input: WorkflowSubmission & { comment: string }): Promise<WorkflowDetail> {
    await this.access.requireAccess(user, { project: input.projectId }, 'submitWorkflow');
    await this.access.requireAccess(user, { person: input.createdByUserId }, 'submitWorkflowAs');
    const reviewersIn = input.reviewers ?? [];
    const approversIn = input.approvers ?? [];
    if (!reviewersIn.length || !approversIn.length || !input.uploadFolderId)
      throw badRequest(WORKFLOW_MISSING_FIELDS);
    const version = await this.documents.documentVersion(input.projectId, input.documentId, input.itemId);
    const folder = await this.documentsRepo.findFolder(input.uploadFolderId);
    if (!folder || folder.project_id !== input.projectId)
      throw badRequest('The target folder is not a folder of this project');
    const trail = await this.documents.folderTrail(folder.id);
    const folderPath = trail.map((f) => f.name).join('/');
    const problem = targetSuitabilityProblem(input.targetSuitability, stateOfTrail(trail), folderPath);
    if (problem) throw badRequest(problem);
    // refused now rather than at the last approval: the name it would be published under is this one
    const refusal = await this.documents.nameRefusal(input.projectId, stateOfTrail(trail), version.file_name);
    if (refusal) throw new HttpError(422, refusal);
    const dueProblem = dueDateProblem(input.dueDate, formatDate(new Date(), 'utc-date'));
    if (dueProblem) throw badRequest(dueProblem);
    const open = await this.repo.openOfItem(version.item_id);
    if (open)
      throw conflict(
        `This document is already in review (submitted by ${open.created_by_name} on ${open.created_at.slice(0, 10)})`,
      );
    // a model that the project's gate stops from being published with an A code is not submitted for it
    const idsCheck = await this.idsGate?.requirePublishable(version.id, input.targetSuitability);

    const members = await this.projects.members([input.projectId]);
    const pick = (values: readonly string[], label: string) => {
      const people = values.map((value) => {
        const member = members.find((m) => value === m.user_id || value.startsWith(`${m.user_id}-`));
        if (!member) throw badRequest(`${label} '${value}' is not a member of this project`);
        return member;
      });
      return people.filter((m, i) => people.findIndex((o) => o.user_id === m.user_id) === i);
    };
    const reviewers = pick(reviewersIn, 'Reviewer');
    const approvers = pick(approversIn, 'Approver');

    const at = now();
    const workflow: WorkflowRow = {
      id: newId('w'),
      project_id: input.projectId,
      item_id: version.item_id,
      version_id: version.id,
      document_name: version.file_name,
      target_folder_id: folder.id,
      target_folder_path: folderPath,
      suitability: input.suitability ?? '',
      target_suitability: input.targetSuitability,
      comment: input.comment,
      status: 'In review',
      created_by: user.id,
      created_by_name: user.name,
      created_by_email: user.email ?? '',
      created_at: at,
      updated_at: at,
      published_version_id: null,
      due_date: input.dueDate || null,
    };
    const line = (role: ParticipantRole) => (m: (typeof members)[number], position: number) =>
      ({
        id: newId(role === 'reviewer' ? 'r' : 'a'),
        workflow_id: workflow.id,
        role,
        position,
        user_id: m.user_id,
        name: m.name,
        email: m.email,
        status: 'Pending',
        comment: '',
        decided_at: null,
      }) satisfies ParticipantRow;
    const participants = [...reviewers.map(line('reviewer')), ...approvers.map(line('approver'))];
    const { detail } = await this.repo.transaction(async (unit) => {
      await unit.workflows.create(workflow, participants, {
        id: newEventId(),
        workflow_id: workflow.id,
        at,
        user_id: user.id,
        user_name: user.name,
        action: 'submitted',
        comment: input.comment,
      });
      return this.withMail(unit, workflow.id, user.id, null, (detail) => this.mail.submitted(detail));
    });
    this.mail.sendQueued();
    return { ...detail, idsCheck: idsCheck ?? null };
  }

  /** PUT UpdateReviewers / UpdateApprovers: the listed person answers their own line, once. */
  async decide(user: CurrentUser, role: ParticipantRole, input: WorkflowDecision): Promise<WorkflowDetail> {
    const participant = await this.repo.findParticipant(input.id);
    const workflow = participant && (await this.repo.find(participant.workflow_id));
    if (!participant || !workflow || participant.role !== role)
      throw notFound(role === 'reviewer' ? 'No such review' : 'No such approval');
    await this.access.requireAccess(user, { project: workflow.project_id }, 'read');
    const answer = role === 'reviewer' ? 'respondToReview' : 'respondToApproval';
    await this.access.requireAccess(
      user,
      { listed: { userId: participant.user_id, name: participant.name } },
      answer,
    );
    // the body's userId, where sent, must be the listed person too
    if (input.userId)
      await this.access.requireAccess(
        user,
        { listed: { userId: input.userId, name: participant.name } },
        answer,
      );
    // read before the transaction (SQLite has one connection: no reads outside it while it is open)
    const targetTrail = await this.documents.folderTrail(workflow.target_folder_id);
    const source = await this.documentsRepo.findVersion(workflow.version_id);
    // the approval that would publish: the project's gate may stop it (issue 36)
    if (
      role === 'approver' &&
      input.status === 'Approved' &&
      (await this.wouldPublish(workflow.id, participant.id))
    )
      await this.idsGate?.requirePublishable(workflow.version_id, workflow.target_suitability);
    // the naming standard may have changed since the submission: checked again where it publishes
    const nameRefusal =
      source &&
      (await this.documents.nameRefusal(workflow.project_id, stateOfTrail(targetTrail), source.file_name));

    const decided = (detail: WorkflowDetail) =>
      this.mail.decided(detail, {
        role,
        deciderName: user.name,
        decision: input.status,
        comment: input.comment ?? '',
      });
    const { published, detail } = await this.repo.transaction(async (unit) => {
      const { workflows, documents } = unit;
      const at = now();
      const locked = (await workflows.lock(workflow.id, at))!;
      const problem = decisionProblem(
        role,
        participant.status as ParticipantStatus,
        locked.status as WorkflowStatus,
      );
      if (problem) throw conflict(problem);
      if (!(await workflows.decide(participant.id, input.status, input.comment ?? '', at)))
        throw conflict('You have already responded to this workflow');
      await workflows.appendEvent({
        id: newEventId(),
        workflow_id: workflow.id,
        at,
        user_id: user.id,
        user_name: user.name,
        action: `${role === 'reviewer' ? 'review' : 'approval'}: ${input.status.toLowerCase()}`,
        comment: input.comment ?? '',
      });
      const lines = await workflows.participantsOf([workflow.id]);
      const statusOf = (r: ParticipantRole) =>
        lines.filter((l) => l.role === r).map((l) => l.status as ParticipantStatus);
      const status = workflowStatus(statusOf('reviewer'), statusOf('approver'));
      if (status !== 'Approved') {
        await workflows.setStatus(workflow.id, status, at);
        return this.withMail(unit, workflow.id, user.id, null, decided);
      }
      if (!source) throw conflict('The submitted version no longer exists; it cannot be published');
      const target = await documents.findFolder(workflow.target_folder_id);
      if (!target) throw conflict('The target folder no longer exists; the document cannot be published');
      // the decision is not recorded either: the document is renamed (or the check relaxed) first
      if (nameRefusal) throw new HttpError(422, nameRefusal);
      const { version } = await this.documents.recordFile(
        documents,
        stateOfTrail(targetTrail),
        { id: workflow.created_by },
        { projectId: workflow.project_id, folderId: target.id },
        source.file_name,
        { hash: source.blob_hash, size: source.size },
        { from: source, suitability: workflow.target_suitability },
      );
      await workflows.setStatus(workflow.id, 'Approved', at, version.id);
      await workflows.appendEvent({
        id: newEventId(),
        workflow_id: workflow.id,
        at,
        user_id: null,
        user_name: 'Penstock',
        action: 'published',
        comment: `${workflow.target_folder_path}/${source.file_name} ${version.revision} ${version.suitability} (from ${source.revision})`,
      });
      return this.withMail(unit, workflow.id, user.id, version, decided);
    });
    if (published) await this.documents.versionAdded(published);
    this.mail.sendQueued();
    return this.withIdsCheck(detail);
  }

  /** Whether approving this participant's line would approve the workflow (every other line approved). */
  private async wouldPublish(workflowId: string, participantId: string): Promise<boolean> {
    const lines = await this.repo.participantsOf([workflowId]);
    const statusOf = (r: ParticipantRole) =>
      lines
        .filter((l) => l.role === r)
        .map((l) => (l.id === participantId ? 'Approved' : l.status) as ParticipantStatus);
    return workflowStatus(statusOf('reviewer'), statusOf('approver')) === 'Approved';
  }

  /** The workflow with its model's information requirements check (issue 36), for the Complete Review dialog. */
  async withIdsCheck(detail: WorkflowDetail): Promise<WorkflowDetail> {
    const idsCheck = (await this.idsGate?.summary(detail.documentId, detail.targetSuitability)) ?? null;
    return { ...detail, idsCheck };
  }

  /**
   * The workflow as the change left it, and its e-mails written to the outbox in the change's transaction
   * (`unit`): after a crash the change and its e-mails are both there or both not. Also used by the
   * module's other services (withdraw, reassign, reminders).
   */
  async withMail<T>(
    unit: WorkflowUnit,
    id: string,
    userId: string,
    published: T,
    messages: (detail: WorkflowDetail) => OutboxMessage[],
  ): Promise<{ published: T; detail: WorkflowDetail }> {
    const detail = await this.detailOf(id, userId, unit);
    await unit.outbox.insert(messages(detail), new Date());
    return { published, detail };
  }

  /** GET /api/workflow?id=: members of the workflow's project. */
  async detail(user: CurrentUser, id: string): Promise<WorkflowDetail> {
    const workflow = await this.repo.find(id);
    if (!workflow) throw notFound('No such workflow');
    await this.access.requireAccess(user, { project: workflow.project_id }, 'read');
    return this.withIdsCheck(await this.detailOf(id, user.id));
  }

  /**
   * The personal hub's three workflow lists: your own (administrators may ask for anyone's). One round trip
   * (issue 38): the session, the user's projects and the list with what it shows come in one query; the
   * session is checked (401), then the one rule for the person asked about, before anything read is answered;
   * what the list shows stays inside the projects the asking user belongs to (administrators: all).
   */
  async hubList(
    asker: SessionAsker,
    which: 'created' | 'pendingReview' | 'pendingApproval',
    userId: string,
  ): Promise<HubWorkflow[]> {
    const read = await this.repo.hubList(asker.sessionId, which, userId);
    const user = await asker.settle(read.session);
    await this.access.requireAccess(user, { person: userId }, 'listWorkflows');
    const visible = this.access.visibleProjectIdsOf(user, read.memberProjectIds);
    const shown = visible ? new Set(visible) : null;
    const context = {
      projectNames: new Map(read.projects.map((p) => [p.id, p.name])),
      participants: read.participants,
      versions: new Map(
        read.versions.map((v) => [v.id, { revision: v.revision, suitability: v.suitability }]),
      ),
      userId,
    };
    return read.workflows
      .filter((row) => !shown || shown.has(row.project_id))
      .map((row) => presentWorkflow(row, context));
  }

  /** The user's pending reviews and approvals within `projectIds` (the projects they belong to). */
  async pendingCounts(
    userId: string,
    projectIds: readonly string[],
  ): Promise<{ pendingReview: number; pendingApproval: number }> {
    const [reviews, approvals] = await Promise.all([
      this.repo.pendingFor(userId, 'reviewer', projectIds),
      this.repo.pendingFor(userId, 'approver', projectIds),
    ]);
    return { pendingReview: reviews.length, pendingApproval: approvals.length };
  }

  /** `unit`: read inside that transaction */
  async detailOf(id: string, userId: string, unit?: WorkflowUnit): Promise<WorkflowDetail> {
    const workflows = unit?.workflows ?? this.repo;
    const workflow = (await workflows.find(id))!;
    const [context, events] = await Promise.all([
      this.context([workflow], userId, unit),
      workflows.eventsOf(id),
    ]);
    return presentDetail(workflow, context, events);
  }

  private async context(rows: readonly WorkflowRow[], userId: string, unit?: WorkflowUnit) {
    const [workflows, documents, projectsRead] = unit
      ? [unit.workflows, unit.documents, unit.projects]
      : [this.repo, this.documentsRepo, this.projects];
    const [participants, versions, projects] = await Promise.all([
      workflows.participantsOf(rows.map((row) => row.id)),
      documents.findVersions(
        rows.flatMap((row) => [
          row.version_id,
          ...(row.published_version_id ? [row.published_version_id] : []),
        ]),
      ),
      projectsRead.listProjects(),
    ]);
    return {
      projectNames: new Map(projects.map((p) => [p.id, p.name])),
      participants,
      versions: new Map(versions.map((v) => [v.id, { revision: v.revision, suitability: v.suitability }])),
      userId,
    };
  }
}
