import {
  isOpenWorkflow,
  withdrawActionFor,
  type CurrentUser,
  type ParticipantRole,
  type WorkflowDetail,
  type WorkflowReassign,
  type WorkflowWithdraw,
} from '@penstock/shared';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AccessService, AfterAccess } from '../../security/access.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import { newEventId, type WorkflowRepo, type WorkflowRow } from './workflow.repo.ts';
import type { WorkflowService } from './workflow.service.ts';
import type { WorkflowMail } from './workflow.mail.ts';

const closedProblem = (workflow: Pick<WorkflowRow, 'status'>) =>
  workflow.status === 'Withdrawn'
    ? 'This workflow has already been withdrawn'
    : `This workflow is already ${workflow.status.toLowerCase()}`;

/**
 * What can change on a workflow once submitted (issue 31): its submitter or a project manager withdraws it
 * with a reason, a project manager replaces a reviewer or approver who has not answered yet. Each change,
 * its history line and its e-mails are one transaction; the workflow row is locked first, so a decision
 * arriving at the same moment is applied before or after, never half.
 */
export class WorkflowChangesService {
  constructor(
    private readonly repo: WorkflowRepo,
    private readonly projects: ProjectDirectory,
    private readonly workflows: WorkflowService,
    private readonly mail: WorkflowMail,
    private readonly access: AccessService,
  ) {}

  /** POST /api/workflow/{id}/withdraw */
  async withdraw(
    user: CurrentUser,
    id: string,
    inputOf: AfterAccess<WorkflowWithdraw>,
  ): Promise<WorkflowDetail> {
    const workflow = await this.repo.find(id);
    if (!workflow) throw notFound('No such workflow');
    await this.access.requireAccess(
      user,
      { project: workflow.project_id },
      withdrawActionFor(user, { createdByUserId: workflow.created_by }),
    );
    const { reason } = inputOf();
    const { detail } = await this.repo.transaction(async (unit) => {
      const at = new Date().toISOString();
      const locked = (await unit.workflows.lock(id, at))!;
      if (!isOpenWorkflow(locked.status)) throw conflict(closedProblem(locked));
      await unit.workflows.setStatus(id, 'Withdrawn', at);
      await unit.workflows.appendEvent({
        id: newEventId(),
        workflow_id: id,
        at,
        user_id: user.id,
        user_name: user.name,
        action: 'withdrawn',
        comment: reason,
      });
      return this.workflows.withMail(unit, id, user.id, null, (detail) =>
        this.mail.withdrawn(detail, { byUserId: user.id, byName: user.name, reason }),
      );
    });
    this.mail.sendQueued();
    return detail;
  }

  /** POST /api/workflow/{id}/reassign: `from` a pending line (its id or its person's id), `to` a member. */
  async reassign(
    user: CurrentUser,
    id: string,
    inputOf: AfterAccess<WorkflowReassign>,
  ): Promise<WorkflowDetail> {
    const workflow = await this.repo.find(id);
    if (!workflow) throw notFound('No such workflow');
    await this.access.requireAccess(user, { project: workflow.project_id }, 'reassignWorkflow');
    const { from, to } = inputOf();
    if (!isOpenWorkflow(workflow.status)) throw conflict(closedProblem(workflow));
    const lines = await this.repo.participantsOf([id]);
    const line =
      lines.find((l) => l.id === from) ??
      lines.find((l) => l.user_id === from && l.status === 'Pending') ??
      lines.find((l) => l.user_id === from);
    if (!line) throw badRequest(`'${from}' is not a reviewer or approver of this workflow`);
    if (line.status !== 'Pending')
      throw conflict(`${line.name} has already answered; only someone who has not answered can be replaced`);
    const members = await this.projects.members([workflow.project_id]);
    const member = members.find((m) => to === m.user_id || to.startsWith(`${m.user_id}-`));
    if (!member) throw badRequest(`'${to}' is not a member of this project`);
    const role = line.role as ParticipantRole;
    if (lines.some((l) => l.role === role && l.user_id === member.user_id))
      throw badRequest(
        `${member.name} is already ${role === 'reviewer' ? 'a reviewer' : 'an approver'} of this workflow`,
      );

    const { detail } = await this.repo.transaction(async (unit) => {
      const at = new Date().toISOString();
      const locked = (await unit.workflows.lock(id, at))!;
      if (!isOpenWorkflow(locked.status)) throw conflict(closedProblem(locked));
      const replaced = await unit.workflows.replaceParticipant(line.id, {
        user_id: member.user_id,
        name: member.name,
        email: member.email,
      });
      if (!replaced)
        throw conflict(
          `${line.name} has already answered; only someone who has not answered can be replaced`,
        );
      await unit.workflows.appendEvent({
        id: newEventId(),
        workflow_id: id,
        at,
        user_id: user.id,
        user_name: user.name,
        action: `${role} replaced`,
        comment: `${line.name} → ${member.name}`,
      });
      return this.workflows.withMail(unit, id, user.id, null, (detail) => {
        const person = [...detail.reviewers, ...detail.approvers].find((p) => p.id === line.id);
        return person ? this.mail.reassigned(detail, person, role) : [];
      });
    });
    this.mail.sendQueued();
    return detail;
  }

  /**
   * GET /api/workflow/document: the open workflow of a document, as the asking member sees it (with their
   * pending review or approval id), wherever the document was opened from; null when none is open.
   */
  async openOfDocument(
    user: CurrentUser,
    projectId: string,
    itemId: string,
  ): Promise<{ workflow: WorkflowDetail | null }> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    const open = await this.repo.openOfItem(itemId);
    if (!open || open.project_id !== projectId) return { workflow: null };
    return { workflow: await this.workflows.withIdsCheck(await this.workflows.detailOf(open.id, user.id)) };
  }
}
