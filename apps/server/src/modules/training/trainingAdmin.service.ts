import crypto from 'node:crypto';
import {
  TRAINING_LIMITS,
  TRAINING_MATERIAL_FORMATS,
  TRAINING_MATERIAL_TYPES,
  type AdminTrainingCourse,
  type AdminTrainingRole,
  type CurrentUser,
  type TrainingCourseInputSchema,
  type TrainingRole,
  type TrainingRoleUpdateSchema,
} from '@penstock/shared';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { EVERYWHERE, type AccessService } from '../../security/access.ts';
import { presentAdminCourse, presentAdminRole } from './training.presenter.ts';
import type { TrainingRepo } from './training.repo.ts';
import type { ReceivedMaterial } from './training.upload.ts';
import { isUniqueViolation } from '../../db/database.ts';

export { ADMINISTRATORS_ONLY } from '@penstock/shared';

type CourseInput = z.output<typeof TrainingCourseInputSchema>;
type RoleUpdate = z.output<typeof TrainingRoleUpdateSchema>;

const tagTaken = (tag: string) => conflict(`Another course already has the tag '${tag}'`);

/**
 * Training administration (Penstock's addition; the spec's course list and roles lived outside the app):
 * administrators add, edit and retire courses and roles and store each course's material. Nothing is
 * deleted, so users' records keep their history; a retired course or role leaves the training page.
 */
export class TrainingAdminService {
  constructor(
    private readonly repo: TrainingRepo,
    private readonly access: AccessService,
  ) {}

  requireAdministrator(user: CurrentUser): Promise<void> {
    return this.access.requireAccess(user, EVERYWHERE, 'manageTraining');
  }

  async roles(user: CurrentUser): Promise<AdminTrainingRole[]> {
    await this.requireAdministrator(user);
    const [rows, users] = await Promise.all([
      this.repo.listRoles({ includeRetired: true }),
      this.repo.usersPerRole(),
    ]);
    return rows.map((row) => presentAdminRole(row, users.get(row.role_name) ?? 0));
  }

  async createRole(user: CurrentUser, input: TrainingRole): Promise<AdminTrainingRole> {
    await this.requireAdministrator(user);
    return this.repo.transaction(async (repo) => {
      if (await repo.findRole(input.roleName))
        throw conflict(`There is already a role named '${input.roleName}'`);
      if ((await repo.listRoles({ includeRetired: true })).length >= TRAINING_LIMITS.maxRoles)
        throw badRequest(`There can be at most ${TRAINING_LIMITS.maxRoles} training roles`);
      await repo.insertRole(input.roleName, input.displayName);
      return presentAdminRole((await repo.findRole(input.roleName))!, 0);
    });
  }

  async updateRole(user: CurrentUser, roleName: string, input: RoleUpdate): Promise<AdminTrainingRole> {
    await this.requireAdministrator(user);
    if (!(await this.repo.updateRole(roleName, input.displayName, input.retired)))
      throw notFound(`There is no training role named '${roleName.slice(0, 100)}'`);
    const users = await this.repo.usersPerRole();
    return presentAdminRole((await this.repo.findRole(roleName))!, users.get(roleName) ?? 0);
  }

  async courses(user: CurrentUser): Promise<AdminTrainingCourse[]> {
    await this.requireAdministrator(user);
    return (await this.repo.listCourses({ includeRetired: true })).map(presentAdminCourse);
  }

  async createCourse(user: CurrentUser, input: CourseInput): Promise<AdminTrainingCourse> {
    await this.requireAdministrator(user);
    const id = `t.${crypto.randomUUID()}`;
    try {
      await this.repo.transaction(async (repo) => {
        await this.checkRoles(repo, input);
        if (await repo.findCourseByTag(input.tag)) throw tagTaken(input.tag);
        if ((await repo.listCourses({ includeRetired: true })).length >= TRAINING_LIMITS.maxCourses)
          throw badRequest(`There can be at most ${TRAINING_LIMITS.maxCourses} training courses`);
        const at = new Date().toISOString();
        await repo.insertCourse({
          id,
          ...this.columnsOf(input, at),
          material_hash: null,
          material_name: null,
          material_type: null,
          material_size: null,
          material_uploaded_at: null,
          created_by: user.id,
          created_at: at,
          updated_by: user.id,
          updated_at: at,
        });
      });
    } catch (error) {
      throw isUniqueViolation(error) ? tagTaken(input.tag) : error;
    }
    return presentAdminCourse((await this.repo.findCourse(id))!);
  }

  async updateCourse(user: CurrentUser, id: string, input: CourseInput): Promise<AdminTrainingCourse> {
    await this.requireAdministrator(user);
    try {
      await this.repo.transaction(async (repo) => {
        const course = await repo.findCourse(id);
        if (!course) throw notFound('There is no training course with that id');
        await this.checkRoles(repo, input);
        const other = await repo.findCourseByTag(input.tag);
        if (other && other.id !== id) throw tagTaken(input.tag);
        const columns = this.columnsOf(input, new Date().toISOString());
        // retiring again keeps the first date
        if (columns.retired_at && course.retired_at) columns.retired_at = course.retired_at;
        await repo.updateCourse(id, columns, user.id);
      });
    } catch (error) {
      throw isUniqueViolation(error) ? tagTaken(input.tag) : error;
    }
    return presentAdminCourse((await this.repo.findCourse(id))!);
  }

  /** Stores a course's material (a PDF for PDF and PowerPoint courses, an mp4 for Video ones). */
  async setMaterial(user: CurrentUser, id: string, received: ReceivedMaterial): Promise<AdminTrainingCourse> {
    try {
      await this.requireAdministrator(user);
      const course = await this.repo.findCourse(id);
      if (!course) throw notFound('There is no training course with that id');
      const format = course.format as (typeof TRAINING_MATERIAL_FORMATS)[number];
      if (!TRAINING_MATERIAL_FORMATS.includes(format))
        throw badRequest('A course of format Other opens its address: it has no stored material');
      const accepted = TRAINING_MATERIAL_TYPES[format as keyof typeof TRAINING_MATERIAL_TYPES];
      if (!received.contentType || !accepted.includes(received.contentType))
        throw badRequest(
          format === 'Video'
            ? 'A Video course takes an mp4 file'
            : `A ${format} course takes a PDF file${format === 'PowerPoint' ? ' (the slides saved as PDF)' : ''}`,
        );
      await received.staged.commit();
      await this.repo.setMaterial(
        id,
        {
          hash: received.staged.hash,
          name: received.fileName,
          type: received.contentType,
          size: received.staged.size,
        },
        user.id,
      );
    } catch (error) {
      await received.staged.discard();
      throw error;
    }
    return presentAdminCourse((await this.repo.findCourse(id))!);
  }

  /** A course names only roles that exist (retired ones included: their codes are kept). */
  private async checkRoles(repo: TrainingRepo, input: CourseInput): Promise<void> {
    const known = new Set((await repo.listRoles({ includeRetired: true })).map((role) => role.role_name));
    const unknown = Object.keys(input.roleData).find((role) => !known.has(role));
    if (unknown !== undefined) throw badRequest(`There is no training role named '${unknown}'`);
  }

  private columnsOf(input: CourseInput, at: string) {
    return {
      title: input.trainingTitle,
      format: input.format,
      time: input.time,
      tag: input.tag,
      url: input.format === 'Other' ? input.url : '',
      role_data_json: JSON.stringify(input.roleData),
      retired_at: input.retired ? at : null,
    };
  }
}
