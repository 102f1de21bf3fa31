import type { CurrentUser, HubMarkup, PendingCounts } from '@penstock/shared';
import { notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { MarkupsRepo, MarkupRow } from '../markups/index.ts';
import type { DsearRepo } from '../dsear/index.ts';
import type { UsersRepo } from '../auth/index.ts';
import type { WorkflowService } from '../workflow/index.ts';

const presentMarkup = (row: MarkupRow): HubMarkup => ({
  id: row.id,
  title: row.title,
  projectId: row.project_id,
  projectName: row.project_name,
  documentId: row.document_id,
  itemId: row.item_id,
  documentName: row.document_name,
  createdDate: row.created_date,
  createdByName: row.created_by_name,
  createdFor: row.created_for,
  actioned: row.actioned === 1,
});

/**
 * The personal hub's markup lists and the header's count of pending work (hub spec §2, §7). Lists are the
 * asking user's own (administrators may ask for anyone's), inside the projects they belong to.
 */
export class HubService {
  constructor(
    private readonly markups: MarkupsRepo,
    private readonly dsear: DsearRepo,
    private readonly access: AccessService,
    private readonly workflows: WorkflowService,
    private readonly users: UsersRepo,
  ) {}

  async markupList(user: CurrentUser, which: 'created' | 'pending', userId: string): Promise<HubMarkup[]> {
    await this.access.requireAccess(user, { person: userId }, 'listMarkups');
    const subject = userId === user.id ? user : await this.userById(userId);
    const projectIds = await this.access.visibleProjectIds(user);
    return (await this.markups.forHub(which, { id: subject.id, email: subject.email }, projectIds)).map(
      presentMarkup,
    );
  }

  /** GET /api/markup?id=: members of the markup's project. */
  async markup(user: CurrentUser, id: string): Promise<HubMarkup> {
    const row = await this.markups.find(id);
    if (!row) throw notFound('No such markup');
    await this.access.requireAccess(user, { project: row.project_id }, 'read');
    return presentMarkup(row);
  }

  async counts(user: CurrentUser): Promise<PendingCounts> {
    // the header counts work in the user's own projects (administrators too)
    const projectIds = (await this.access.memberProjects(user)).map((p) => p.id);
    const [workflows, markups, dsear] = await Promise.all([
      this.workflows.pendingCounts(user.id, projectIds),
      this.markups.forHub('pending', { id: user.id, email: user.email }, projectIds),
      user.email ? this.dsear.pendingFor(user.email) : Promise.resolve([]),
    ]);
    const counts = { ...workflows, markups: markups.length, dsear: dsear.length };
    return {
      ...counts,
      total: counts.pendingReview + counts.pendingApproval + counts.markups + counts.dsear,
    };
  }

  private async userById(userId: string): Promise<{ id: string; email: string }> {
    const found = await this.users.findById(userId);
    if (!found) throw notFound('No such user');
    return { id: found.id, email: found.email };
  }
}
