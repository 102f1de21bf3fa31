import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { WorkflowEventsTable, WorkflowParticipantsTable, WorkflowsTable } from '../../db/schema.ts';
import { DocumentsRepo } from '../documents/index.ts';
import { ProjectsRepo } from '../projects/index.ts';
import { OutboxRepo } from '../../notify/outbox.repo.ts';
import { WorkflowHubRepo, type HubListRead } from './workflowHub.repo.ts';

export type WorkflowRow = WorkflowsTable;
export type ParticipantRow = WorkflowParticipantsTable;
export type EventRow = WorkflowEventsTable;

/**
 * What one statement of a transaction may read or write: the workflow tables, the document store and the
 * e-mail outbox (the e-mails of a change are written with it).
 */
export interface WorkflowUnit {
  workflows: WorkflowRepo;
  documents: DocumentsRepo;
  projects: ProjectsRepo;
  outbox: OutboxRepo;
}

/** SQL for workflows, their reviewers and approvers (participants) and their append-only history. */
export class WorkflowRepo {
  constructor(private readonly db: Db) {}

  /** A hub list of workflows with the session that asks, in one statement (workflowHub.repo.ts). */
  hubList(
    sessionId: string,
    which: 'created' | 'pendingReview' | 'pendingApproval',
    userId: string,
  ): Promise<HubListRead> {
    return new WorkflowHubRepo(this.db).hubList(sessionId, which, userId);
  }

  /** Runs `work` in one transaction, with repositories bound to it. */
  transaction<T>(work: (unit: WorkflowUnit) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) =>
      work({
        workflows: new WorkflowRepo(trx),
        documents: new DocumentsRepo(trx),
        projects: new ProjectsRepo(trx),
        outbox: new OutboxRepo(trx),
      }),
    );
  }

  async create(workflow: WorkflowRow, participants: readonly ParticipantRow[], event: EventRow) {
    await this.db.insertInto('workflows').values(workflow).execute();
    await this.db
      .insertInto('workflow_participants')
      .values([...participants])
      .execute();
    await this.appendEvent(event);
  }

  find(id: string): Promise<WorkflowRow | undefined> {
    return this.db.selectFrom('workflows').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Touches the workflow row first in a decision's transaction: on PostgreSQL this takes the row's lock,
   * so two approvers answering at once are applied one after the other and the second sees the first.
   */
  async lock(id: string, at: string): Promise<WorkflowRow | undefined> {
    await this.db.updateTable('workflows').set({ updated_at: at }).where('id', '=', id).execute();
    return this.find(id);
  }

  findParticipant(id: string): Promise<ParticipantRow | undefined> {
    return this.db.selectFrom('workflow_participants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async participantsOf(workflowIds: readonly string[]): Promise<ParticipantRow[]> {
    if (!workflowIds.length) return [];
    return this.db
      .selectFrom('workflow_participants')
      .selectAll()
      .where('workflow_id', 'in', [...workflowIds])
      .orderBy('workflow_id')
      .orderBy('role', 'desc')
      .orderBy('position')
      .execute();
  }

  eventsOf(workflowId: string): Promise<EventRow[]> {
    return this.db
      .selectFrom('workflow_events')
      .selectAll()
      .where('workflow_id', '=', workflowId)
      .orderBy('at')
      .orderBy('id')
      .execute();
  }

  /** Records a decision once: false when the line was no longer pending. */
  async decide(id: string, status: string, comment: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('workflow_participants')
      .set({ status, comment, decided_at: at })
      .where('id', '=', id)
      .where('status', '=', 'Pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setStatus(id: string, status: string, at: string, publishedVersionId?: string): Promise<void> {
    await this.db
      .updateTable('workflows')
      .set({
        status,
        updated_at: at,
        ...(publishedVersionId ? { published_version_id: publishedVersionId } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  async appendEvent(event: EventRow): Promise<void> {
    await this.db.insertInto('workflow_events').values(event).execute();
  }

  /** Replaces a line's person while it is still pending; false when they answered first. */
  async replaceParticipant(
    id: string,
    person: { user_id: string; name: string; email: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('workflow_participants')
      .set(person)
      .where('id', '=', id)
      .where('status', '=', 'Pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Open workflows whose due day is before `today`, oldest due first. */
  overdue(today: string): Promise<WorkflowRow[]> {
    return this.db
      .selectFrom('workflows')
      .selectAll()
      .where('due_date', 'is not', null)
      .where('due_date', '<', today)
      .where('status', 'in', ['In review', 'Awaiting approval'])
      .orderBy('due_date')
      .orderBy('id')
      .execute();
  }

  /**
   * Records today's reminder to this person about this workflow; false when one is already recorded (by
   * this server before a restart, or by another server): the primary key decides, so only one is sent.
   */
  async recordReminder(workflowId: string, userId: string, day: string, at: string): Promise<boolean> {
    const result = await this.db
      .insertInto('workflow_reminders')
      .values({ workflow_id: workflowId, user_id: userId, day, sent_at: at })
      .onConflict((conflict) => conflict.columns(['workflow_id', 'user_id', 'day']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** An open workflow (in review or awaiting approval) of the item, if any. */
  openOfItem(itemId: string): Promise<WorkflowRow | undefined> {
    return this.db
      .selectFrom('workflows')
      .selectAll()
      .where('item_id', '=', itemId)
      .where('status', 'in', ['In review', 'Awaiting approval'])
      .executeTakeFirst();
  }

  // ---- the personal hub's lists ----
  /** Workflows waiting for this user's review (role reviewer) or approval (role approver), now. */
  pendingFor(
    userId: string,
    role: 'reviewer' | 'approver',
    projectIds: readonly string[] | null,
  ): Promise<Array<WorkflowRow & { participant_id: string }>> {
    let query = this.db
      .selectFrom('workflows')
      .innerJoin('workflow_participants as p', 'p.workflow_id', 'workflows.id')
      .selectAll('workflows')
      .select('p.id as participant_id')
      .where('p.user_id', '=', userId)
      .where('p.role', '=', role)
      .where('p.status', '=', 'Pending')
      .where('workflows.status', '=', role === 'reviewer' ? 'In review' : 'Awaiting approval');
    if (projectIds) {
      if (!projectIds.length) return Promise.resolve([]);
      query = query.where('workflows.project_id', 'in', [...projectIds]);
    }
    return query.orderBy('workflows.created_at', 'desc').execute();
  }
}

export const newId = (prefix: string) => `${prefix}.${crypto.randomUUID()}`;

let eventCounter = 0;
/** History ids sort in the order they were made (events of one transaction share their time). */
export const newEventId = () =>
  `e.${Date.now().toString(36).padStart(9, '0')}.${(eventCounter++ % 1_679_616).toString(36).padStart(4, '0')}.${crypto.randomBytes(4).toString('hex')}`;
