import crypto from 'node:crypto';
import type { CurrentUser, SavedSketch, SketchSaveAnswer, SketchVersion } from '@penstock/shared';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { SketchRow, SketchesRepo } from './sketches.repo.ts';
import { presentSketch, presentSketchVersion } from './sketches.presenter.ts';
import { drawingNameOf, sketchContent, type CONTENT_FIELDS } from './sketches.content.ts';

export type SketchFields = Partial<Record<(typeof CONTENT_FIELDS)[number], unknown>>;

/** What deletepidsketch names: the sketch itself, or (the spec's call) the list of the sketches to keep. */
export type DeleteTarget = { drawingName: string } | { remaining: readonly string[] };

/** The 409 of a save that would overwrite someone else's newer save. */
export const sketchSavedSince = (baseName: string, by: string, at: string) =>
  `The sketch '${baseName.slice(0, 200)}' was saved by ${by || 'someone else'} at ${at} since you opened it: load it again to see their changes, or save yours under another name`;

export const STALE_LIST =
  'The list of remaining sketches does not match the saved sketches; reload and try again';

/**
 * P&ID sketches of a project (engineering spec §7 getpidsketch, savepidsketch, deletepidsketch): every
 * member reads, members and managers save and delete, viewers only read.
 */
export class SketchesService {
  constructor(
    private readonly repo: SketchesRepo,
    private readonly access: AccessService,
  ) {}

  async list(user: CurrentUser, projectId: string): Promise<SavedSketch[]> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return (await this.repo.list(projectId)).map(presentSketch);
  }

  /**
   * Validates the whole sketch, then stores it, overwriting the sketch of the same typed name. With
   * `baseUpdatedAt` (Penstock's browser sends it; the spec's client does not) the save is refused with 409
   * when the stored sketch is not the one the user started from: '' for a sketch the user believes new,
   * else the updatedAt of the saved sketch it was loaded from or last saved as.
   */
  async save(
    user: CurrentUser,
    projectId: string,
    name: unknown,
    fields: SketchFields,
    baseUpdatedAt?: string,
  ): Promise<SketchSaveAnswer> {
    await this.access.requireAccess(user, { project: projectId }, 'changeSketches');
    const { drawingName, baseName } = drawingNameOf(name);
    const content = sketchContent(fields);
    const contentJson = JSON.stringify(content);
    const updatedAt = new Date().toISOString();
    const expected = baseUpdatedAt === undefined ? undefined : baseUpdatedAt === '' ? null : baseUpdatedAt;
    const result = await this.repo.save(
      {
        id: `s.${crypto.randomUUID()}`,
        project_id: projectId,
        drawing_name: drawingName,
        base_name: baseName,
        content_json: contentJson,
        version: content.Version,
        bytes: Buffer.byteLength(contentJson),
        updated_by: user.id,
        updated_at: updatedAt,
      },
      expected,
    );
    if ('conflict' in result)
      throw conflict(sketchSavedSince(baseName, result.conflict.updatedBy, result.conflict.updatedAt));
    return {
      saved: drawingName,
      overwritten: result.overwritten,
      updatedAt,
      id: result.sketchId,
      number: result.number,
    };
  }

  /** A sketch of the project by id, as getpidsketch answers it: for readers of the project. */
  async get(user: CurrentUser, projectId: string, sketchId: string): Promise<SavedSketch> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    return presentSketch(await this.sketchOf(projectId, sketchId));
  }

  /** A sketch's history, newest first (issue 37 §5): every save and restore, who and when, and its issues. */
  async versions(user: CurrentUser, projectId: string, sketchId: string): Promise<SketchVersion[]> {
    await this.access.requireAccess(user, { project: projectId }, 'read');
    await this.sketchOf(projectId, sketchId);
    const issues = await this.repo.issues(sketchId);
    return (await this.repo.versions(sketchId)).map((row) => presentSketchVersion(row, issues));
  }

  /**
   * Brings back an earlier version's content as a new save (a new version naming the one restored), under
   * the sketch's current name. Like a save from the browser, it is refused with 409 when the sketch was
   * saved since the user opened it (`baseUpdatedAt`, the updatedAt they have).
   */
  async restore(
    user: CurrentUser,
    projectId: string,
    sketchId: string,
    number: number,
    baseUpdatedAt: string,
  ): Promise<SketchSaveAnswer> {
    await this.access.requireAccess(user, { project: projectId }, 'changeSketches');
    const sketch = await this.sketchOf(projectId, sketchId);
    const version = await this.repo.version(sketchId, number);
    if (!version) throw notFound(`The sketch has no version ${number}`);
    const updatedAt = new Date().toISOString();
    const result = await this.repo.save(
      {
        id: sketch.id,
        project_id: projectId,
        drawing_name: sketch.drawing_name,
        base_name: sketch.base_name,
        content_json: version.content_json,
        version: version.version,
        bytes: version.bytes,
        updated_by: user.id,
        updated_at: updatedAt,
      },
      baseUpdatedAt,
      number,
    );
    if ('conflict' in result)
      throw conflict(
        sketchSavedSince(sketch.base_name, result.conflict.updatedBy, result.conflict.updatedAt),
      );
    return {
      saved: sketch.drawing_name,
      overwritten: true,
      updatedAt,
      id: result.sketchId,
      number: result.number,
    };
  }

  private async sketchOf(projectId: string, sketchId: string): Promise<SketchRow> {
    const sketch = await this.repo.findById(projectId, sketchId);
    if (!sketch) throw notFound('No such sketch in this project');
    return sketch;
  }

  /**
   * Deletes one sketch of the project. Given the list of remaining sketches instead of a name, the sketch
   * to delete is the one saved sketch the list leaves out: none is a mistake, more than one means the list
   * is stale (someone saved since it was read), so nothing is deleted. Nothing of the list is written.
   */
  async delete(user: CurrentUser, projectId: string, target: DeleteTarget): Promise<{ deleted: string }> {
    await this.access.requireAccess(user, { project: projectId }, 'changeSketches');
    if ('drawingName' in target) {
      if (!(await this.repo.delete(projectId, target.drawingName)))
        throw notFound(`No saved sketch named '${target.drawingName.slice(0, 300)}' in this project`);
      return { deleted: target.drawingName };
    }
    const keep = new Set(target.remaining);
    return this.repo.transaction(async (repo) => {
      const missing = (await repo.drawingNames(projectId)).filter((name) => !keep.has(name));
      if (missing.length === 0)
        throw badRequest('The list of remaining sketches names every saved sketch: nothing to delete');
      if (missing.length > 1) throw conflict(STALE_LIST);
      const [deleted] = missing as [string];
      await repo.delete(projectId, deleted);
      return { deleted };
    });
  }
}
