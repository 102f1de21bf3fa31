import type { Db } from '../../db/database.ts';
import type { TrainingCoursesTable, TrainingRolesTable } from '../../db/schema.ts';

export type TrainingCourseRow = TrainingCoursesTable;
export type TrainingRoleRow = TrainingRolesTable;

export interface ProgressRow {
  course_id: string;
  completed: number;
  added: number;
}

export interface MaterialRecord {
  hash: string;
  name: string;
  type: string;
  size: number;
}

const now = () => new Date().toISOString();

/** SQL of the training tracker: roles, courses, each user's chosen role and progress. */
export class TrainingRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: TrainingRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new TrainingRepo(trx)));
  }

  // ---- roles --------------------------------------------------------------------------------------

  listRoles({ includeRetired }: { includeRetired: boolean }): Promise<TrainingRoleRow[]> {
    let query = this.db.selectFrom('training_roles').selectAll();
    if (!includeRetired) query = query.where('retired_at', 'is', null);
    return query.orderBy('display_name').orderBy('role_name').execute();
  }

  findRole(roleName: string): Promise<TrainingRoleRow | undefined> {
    return this.db
      .selectFrom('training_roles')
      .selectAll()
      .where('role_name', '=', roleName)
      .executeTakeFirst();
  }

  async insertRole(roleName: string, displayName: string): Promise<void> {
    const at = now();
    await this.db
      .insertInto('training_roles')
      .values({
        role_name: roleName,
        display_name: displayName,
        retired_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  async updateRole(roleName: string, displayName: string, retired: boolean): Promise<boolean> {
    const existing = await this.findRole(roleName);
    if (!existing) return false;
    const at = now();
    await this.db
      .updateTable('training_roles')
      .set({
        display_name: displayName,
        // retiring again keeps the first date
        retired_at: retired ? (existing.retired_at ?? at) : null,
        updated_at: at,
      })
      .where('role_name', '=', roleName)
      .execute();
    return true;
  }

  /** How many users have chosen each role. */
  async usersPerRole(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('training_records')
      .select(['role', (eb) => eb.fn.countAll<number | string>().as('users')])
      .groupBy('role')
      .execute();
    return new Map(rows.map((row) => [row.role, Number(row.users)]));
  }

  // ---- courses ------------------------------------------------------------------------------------

  listCourses({ includeRetired }: { includeRetired: boolean }): Promise<TrainingCourseRow[]> {
    let query = this.db.selectFrom('training_courses').selectAll();
    if (!includeRetired) query = query.where('retired_at', 'is', null);
    return query.orderBy('title').orderBy('id').execute();
  }

  findCourse(id: string): Promise<TrainingCourseRow | undefined> {
    return this.db.selectFrom('training_courses').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findCourseByTag(tag: string): Promise<TrainingCourseRow | undefined> {
    return this.db.selectFrom('training_courses').selectAll().where('tag', '=', tag).executeTakeFirst();
  }

  async courseIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('training_courses').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }

  async insertCourse(row: TrainingCourseRow): Promise<void> {
    await this.db.insertInto('training_courses').values(row).execute();
  }

  async updateCourse(
    id: string,
    changes: Pick<
      TrainingCourseRow,
      'title' | 'format' | 'time' | 'tag' | 'url' | 'role_data_json' | 'retired_at'
    >,
    userId: string,
  ): Promise<void> {
    await this.db
      .updateTable('training_courses')
      .set({ ...changes, updated_by: userId, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  async setMaterial(id: string, material: MaterialRecord, userId: string): Promise<void> {
    const at = now();
    await this.db
      .updateTable('training_courses')
      .set({
        material_hash: material.hash,
        material_name: material.name,
        material_type: material.type,
        material_size: material.size,
        material_uploaded_at: at,
        updated_by: userId,
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  // ---- records ------------------------------------------------------------------------------------

  async roleOfUser(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('training_records')
      .select('role')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role ?? null;
  }

  progressOfUser(userId: string): Promise<ProgressRow[]> {
    return this.db
      .selectFrom('training_progress')
      .select(['course_id', 'completed', 'added'])
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * Stores the user's role and their completed and added flags of the courses given; courses not given
   * (retired ones, say) keep what was stored. Call inside a transaction.
   */
  async saveRecord(
    userId: string,
    role: string,
    progress: ReadonlyArray<{ courseId: string; completed: boolean; added: boolean }>,
  ): Promise<void> {
    const at = now();
    await this.db
      .insertInto('training_records')
      .values({ user_id: userId, role, updated_at: at })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet((eb) => ({
          role: eb.ref('excluded.role'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
    const stored = new Map((await this.progressOfUser(userId)).map((row) => [row.course_id, row]));
    for (const { courseId, completed, added } of progress) {
      const before = stored.get(courseId);
      if (before && !!before.completed === completed && !!before.added === added) continue;
      const values = {
        completed: completed ? 1 : 0,
        added: added ? 1 : 0,
        completed_at: completed ? at : null,
        updated_at: at,
      };
      if (before) {
        await this.db
          .updateTable('training_progress')
          .set(
            // a course already completed keeps the date it was first completed
            before.completed && completed ? { added: values.added, updated_at: at } : values,
          )
          .where('user_id', '=', userId)
          .where('course_id', '=', courseId)
          .execute();
      } else {
        await this.db
          .insertInto('training_progress')
          .values({ user_id: userId, course_id: courseId, ...values })
          // two saves of one user at once: the later one wins, never a key violation
          .onConflict((conflict) => conflict.columns(['user_id', 'course_id']).doUpdateSet(values))
          .execute();
      }
    }
  }
}
