import {
  compareTrainingItems,
  progressOfRecord,
  recordFromProgress,
  type CurrentUser,
  type TrainingContent,
  type TrainingRecordAnswer,
  type TrainingUserRecord,
} from '@penstock/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import { presentItem, presentRole } from './training.presenter.ts';
import type { TrainingCourseRow, TrainingRepo } from './training.repo.ts';

export { OWN_RECORD_ONLY } from '@penstock/shared';
export const UNKNOWN_ROLE = 'Please select your role: that role is not one of the training roles';
export const NO_MATERIAL = 'This course has no training material stored yet';

/**
 * The training page's calls (engineering spec §7): the content list for everyone signed in; a record is
 * read and written by its own user only. The server keeps only what is the user's (their role, and
 * completed and added per course): titles, formats and codes always come from the current course list, so
 * a record cannot make a mandatory course optional.
 */
export class TrainingService {
  constructor(
    private readonly repo: TrainingRepo,
    private readonly access: AccessService,
  ) {}

  /** gettrainingcontent: the active roles and courses. */
  async content(): Promise<TrainingContent> {
    const [roles, courses] = await Promise.all([
      this.repo.listRoles({ includeRetired: false }),
      this.repo.listCourses({ includeRetired: false }),
    ]);
    return {
      roles: roles.map(presentRole),
      trainingContent: courses.map(presentItem).sort(compareTrainingItems),
    };
  }

  /** getuserrecord: the user's record, or role and trainingRecord null before they have chosen a role. */
  async getRecord(user: CurrentUser, userId: string): Promise<TrainingRecordAnswer> {
    await this.access.requireAccess(user, { person: userId }, 'trainingRecord');
    return this.recordOf(user);
  }

  /** saveuserrecord: the role (one of the active roles) and completed and added of each course sent. */
  async saveRecord(user: CurrentUser, record: TrainingUserRecord): Promise<TrainingRecordAnswer> {
    await this.access.requireAccess(user, { person: record.userId }, 'trainingRecord');
    const progress = progressOfRecord(record.trainingRecord);
    await this.repo.transaction(async (repo) => {
      const role = await repo.findRole(record.role);
      if (!role || role.retired_at !== null) throw badRequest(UNKNOWN_ROLE);
      const ids = [...progress.keys()];
      const known = await repo.courseIds(ids);
      const unknown = ids.find((id) => !known.has(id));
      if (unknown !== undefined)
        throw badRequest(`There is no training course with id '${unknown.slice(0, 100)}'`);
      await repo.saveRecord(
        user.id,
        record.role,
        [...progress].map(([courseId, { completed, added }]) => ({ courseId, completed, added })),
      );
    });
    return this.recordOf(user);
  }

  /** A course's stored material, for anyone signed in; retired courses' material is for administrators. */
  async material(
    user: CurrentUser,
    tag: string,
  ): Promise<{ course: TrainingCourseRow; hash: string; size: number; type: string }> {
    const course = await this.repo.findCourseByTag(tag);
    if (!course || (course.retired_at !== null && !this.access.allowsGlobally(user, 'manageTraining')))
      throw notFound('No training course has that tag');
    if (!course.material_hash || !course.material_type) throw notFound(NO_MATERIAL);
    return {
      course,
      hash: course.material_hash,
      size: Number(course.material_size ?? 0),
      type: course.material_type,
    };
  }

  private async recordOf(user: CurrentUser): Promise<TrainingRecordAnswer> {
    const [role, progressRows, courses] = await Promise.all([
      this.repo.roleOfUser(user.id),
      this.repo.progressOfUser(user.id),
      this.repo.listCourses({ includeRetired: false }),
    ]);
    if (role === null) return { userId: user.id, userName: user.name, role: null, trainingRecord: null };
    const progress = new Map(
      progressRows.map((row) => [row.course_id, { completed: !!row.completed, added: !!row.added }]),
    );
    return {
      userId: user.id,
      userName: user.name,
      role,
      trainingRecord: recordFromProgress(courses.map(presentItem), progress, role),
    };
  }
}
