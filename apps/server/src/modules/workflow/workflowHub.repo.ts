import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fromJson, jsonArrayFrom } from '../../db/json.ts';
import { preparedQuery, type Arg } from '../../db/preparedQuery.ts';
import type { Database } from '../../db/schema.ts';
import { readSessionColumns, sessionColumns, sessionUserId, type SessionWithUser } from '../auth/index.ts';
import type { ParticipantRow, WorkflowRow } from './workflow.repo.ts';

const WORKFLOW_COLUMNS = [
  'id',
  'project_id',
  'item_id',
  'version_id',
  'document_name',
  'target_folder_id',
  'target_folder_path',
  'suitability',
  'target_suitability',
  'comment',
  'status',
  'created_by',
  'created_by_name',
  'created_by_email',
  'created_at',
  'updated_at',
  'published_version_id',
  'due_date',
] as const;
const PARTICIPANT_COLUMNS = [
  'id',
  'workflow_id',
  'role',
  'position',
  'user_id',
  'name',
  'email',
  'status',
  'comment',
  'decided_at',
] as const;

type Which = 'created' | 'pending';
type HubArgs = { sessionId: string; userId: string; role: string; status: string };

/** The workflows of a hub list (all projects: the service keeps those the asking user sees). */
const listed = (eb: ExpressionBuilder<Database, never>, which: Which, arg: Arg<HubArgs>) =>
  which === 'created'
    ? eb.selectFrom('workflows').where('workflows.created_by', '=', arg('userId'))
    : eb
        .selectFrom('workflows')
        .where('workflows.id', 'in', (sub) =>
          sub
            .selectFrom('workflow_participants as p')
            .select('p.workflow_id')
            .where('p.user_id', '=', arg('userId'))
            .where('p.role', '=', arg('role'))
            .where('p.status', '=', 'Pending'),
        )
        .where('workflows.status', '=', arg('status'));

/**
 * A hub list of workflows in one statement, one round trip on PostgreSQL (issue 38): the session with its
 * user and roles, the ids of the user's projects (what the list keeps), the workflows newest first with their
 * participants, the revisions of their versions and their projects' names, each list a JSON array.
 */
const hubListQuery = (which: Which) =>
  preparedQuery((db, arg: Arg<HubArgs>) =>
    db.selectNoFrom((eb) => {
      const workflowIds = listed(eb, which, arg).select('workflows.id');
      return [
        ...sessionColumns(db, eb, arg('sessionId')),
        jsonArrayFrom(
          db,
          eb
            .selectFrom('project_members')
            .select('project_id')
            .where('user_id', '=', sessionUserId(eb, arg('sessionId'))),
        ).as('member_projects'),
        jsonArrayFrom(
          db,
          listed(eb, which, arg)
            .select(WORKFLOW_COLUMNS.map((column) => `workflows.${column}` as const))
            .orderBy('workflows.created_at', 'desc')
            .orderBy('workflows.id'),
        ).as('workflows'),
        jsonArrayFrom(
          db,
          eb
            .selectFrom('workflow_participants')
            .select(PARTICIPANT_COLUMNS)
            .where('workflow_id', 'in', workflowIds)
            .orderBy('workflow_id')
            .orderBy('role', 'desc')
            .orderBy('position'),
        ).as('participants'),
        jsonArrayFrom(
          db,
          eb
            .selectFrom('versions')
            .select(['id', 'revision', 'suitability'])
            .where((w) =>
              w.or([
                w('id', 'in', listed(eb, which, arg).select('workflows.version_id')),
                w('id', 'in', listed(eb, which, arg).select('workflows.published_version_id') as never),
              ]),
            ),
        ).as('versions'),
        jsonArrayFrom(
          db,
          eb
            .selectFrom('projects')
            .select(['id', 'name'])
            .where('id', 'in', listed(eb, which, arg).select('workflows.project_id')),
        ).as('projects'),
      ];
    }),
  );
const hubListQueries = { created: hubListQuery('created'), pending: hubListQuery('pending') };

/** What a hub list of workflows reads in its one statement. */
export interface HubListRead {
  /** the session that asks (not yet checked: SessionAsker.settle) */
  session: SessionWithUser | undefined;
  /** the projects the session's user belongs to */
  memberProjectIds: string[];
  /** every project's, newest first */
  workflows: WorkflowRow[];
  participants: ParticipantRow[];
  versions: Array<{ id: string; revision: string; suitability: string }>;
  projects: Array<{ id: string; name: string }>;
}

/** SQL for the personal hub's workflow lists (created, pending review, pending approval). */
export class WorkflowHubRepo {
  constructor(private readonly db: Db) {}

  /** `userId`'s list with the session that asks: one statement (see the query). */
  async hubList(
    sessionId: string,
    which: 'created' | 'pendingReview' | 'pendingApproval',
    userId: string,
  ): Promise<HubListRead> {
    const query = hubListQueries[which === 'created' ? 'created' : 'pending'];
    const row = (await query.executeTakeFirst(this.db, {
      sessionId,
      userId,
      role: which === 'pendingApproval' ? 'approver' : 'reviewer',
      status: which === 'pendingApproval' ? 'Awaiting approval' : 'In review',
    }))!;
    return {
      session: readSessionColumns(row),
      memberProjectIds: (fromJson(row.member_projects) ?? []).map((p) => p.project_id),
      workflows: fromJson(row.workflows) ?? [],
      participants: fromJson(row.participants) ?? [],
      versions: fromJson(row.versions) ?? [],
      projects: fromJson(row.projects) ?? [],
    };
  }
}
