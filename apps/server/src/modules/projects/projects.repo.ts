import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, ProjectsTable } from '../../db/schema.ts';

/** A project of the signed-in user, with the user's role in it. */
export type ProjectOfUser = ProjectsTable & { member_role: string };
export interface MemberRow {
  project_id: string;
  user_id: string;
  role: string;
  name: string;
  email: string;
}

const now = () => new Date().toISOString();

/** SQL for projects and their members (a new project's top folders are written with it, in one transaction). */
export class ProjectsRepo {
  constructor(private readonly db: Db) {}

  /** Runs `work` in a transaction, or in the caller's when this repository is bound to one. */
  private inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.isTransaction
      ? work(this.db as Transaction<Database>)
      : this.db.transaction().execute(work);
  }

  /** A project, its folders and (when given) its first manager: all written, or none. */
  async createProject(
    name: string,
    topFolders: ReadonlyArray<{ name: string; children: string[] }>,
    firstManager?: string,
  ): Promise<ProjectsTable> {
    const project: ProjectsTable = { id: `b.${crypto.randomUUID()}`, name, created_at: now() };
    await this.inTransaction(async (trx) => {
      await trx.insertInto('projects').values(project).execute();
      if (firstManager !== undefined)
        await trx
          .insertInto('project_members')
          .values({ project_id: project.id, user_id: firstManager, role: 'manager' })
          .execute();
      for (const [position, folder] of topFolders.entries()) {
        const id = `f.${crypto.randomUUID()}`;
        await trx
          .insertInto('folders')
          .values({
            id,
            project_id: project.id,
            parent_id: null,
            name: folder.name,
            position,
            created_at: now(),
          })
          .execute();
        for (const [childPosition, child] of folder.children.entries()) {
          await trx
            .insertInto('folders')
            .values({
              id: `f.${crypto.randomUUID()}`,
              project_id: project.id,
              parent_id: id,
              name: child,
              position: childPosition,
              created_at: now(),
            })
            .execute();
        }
      }
    });
    return project;
  }

  findProject(id: string): Promise<ProjectsTable | undefined> {
    return this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listProjects(): Promise<ProjectsTable[]> {
    return this.db.selectFrom('projects').selectAll().orderBy('name').execute();
  }

  members(projectIds?: readonly string[]): Promise<MemberRow[]> {
    let query = this.db
      .selectFrom('project_members')
      .innerJoin('users', 'users.id', 'project_members.user_id')
      .select([
        'project_members.project_id',
        'project_members.user_id',
        'project_members.role',
        'users.name',
        'users.email',
      ])
      .orderBy('users.name');
    if (projectIds) {
      if (projectIds.length === 0) return Promise.resolve([]);
      query = query.where('project_members.project_id', 'in', projectIds);
    }
    return query.execute();
  }

  async upsertMember(projectId: string, userId: string, role: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('project_members')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .execute();
      await trx
        .insertInto('project_members')
        .values({ project_id: projectId, user_id: userId, role })
        .execute();
    });
  }

  async removeMember(projectId: string, userId: string): Promise<void> {
    await this.db
      .deleteFrom('project_members')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .execute();
  }

  async countProjects(): Promise<number> {
    const row = await this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
