import crypto from 'node:crypto';
import {
  MAX_SAVED_VIEW_STATE_CHARS,
  modelAlignment,
  changeViewActionFor,
  storedObjectLists,
  type CreateSavedViewBody,
  type CurrentUser,
  type ProjectRole,
  type SavedView,
  type SavedViewState,
  type SavedViewSummary,
  type UpdateSavedViewBody,
} from '@penstock/shared';
import { isUniqueViolation } from '../../db/database.ts';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { AccessService, AfterAccess } from '../../security/access.ts';
import type { SavedViewFullRow, SavedViewListRow, SavedViewsRepo } from './savedViews.repo.ts';
import { presentSummary, presentView } from './savedViews.presenter.ts';

const now = () => new Date().toISOString();
/** the name as compared: names are unique per project whatever their capitals */
const nameKey = (name: string) => name.trim().toLowerCase();
const nameTaken = (name: string) =>
  conflict(`A view named '${name}' already exists in this project: choose another name`);

/** The state as stored: JSON text within the cap (413 over it, as for a body over a call's limit). */
function stateText(state: SavedViewState): string {
  const text = JSON.stringify(state);
  if (text.length > MAX_SAVED_VIEW_STATE_CHARS)
    throw new HttpError(
      413,
      `The view is too large to save: its state is ${text.length} characters of JSON, at most ${MAX_SAVED_VIEW_STATE_CHARS}`,
    );
  return text;
}

/**
 * Saved views of a project's models (issue 33 §1). Every member (viewers too) lists and opens them;
 * contributors save them; a view's author (while a contributor) or a project manager renames, updates or
 * deletes it. Non-members get 404, as for a missing id.
 */
export class SavedViewsService {
  constructor(
    private readonly repo: SavedViewsRepo,
    private readonly access: AccessService,
  ) {}

  async list(user: CurrentUser, projectId: string): Promise<SavedViewSummary[]> {
    const role = await this.access.requireAccess(user, { project: projectId }, 'read');
    const rows = await this.repo.listOfProject(projectId);
    return rows.map((row) => presentSummary(row, this.mayChange(user, role, row)));
  }

  async get(user: CurrentUser, id: string): Promise<SavedView> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    const role = await this.access.requireAccess(user, { project: row.project_id }, 'read');
    return presentView(row, this.mayChange(user, role, row));
  }

  async create(
    user: CurrentUser,
    projectId: string,
    bodyOf: AfterAccess<CreateSavedViewBody>,
  ): Promise<SavedView> {
    const role = await this.access.requireAccess(user, { project: projectId }, 'saveViews');
    const body = bodyOf();
    const state = stateText(body.state);
    await this.checkModels(projectId, body.versionId, body.state);
    await this.checkAlignment(user, projectId, body.state, null);
    const at = now();
    const id = `sv.${crypto.randomUUID()}`;
    try {
      await this.repo.insert({
        id,
        project_id: projectId,
        name: body.name,
        name_key: nameKey(body.name),
        version_id: body.versionId,
        state,
        created_by: user.id,
        created_at: at,
        updated_at: at,
      });
    } catch (error) {
      throw isUniqueViolation(error) ? nameTaken(body.name) : error;
    }
    return this.present(user, role, id);
  }

  async update(user: CurrentUser, id: string, bodyOf: AfterAccess<UpdateSavedViewBody>): Promise<SavedView> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    const role = await this.access.requireAccess(
      user,
      { project: row.project_id },
      changeViewActionFor(user, { createdById: row.created_by }),
    );
    const body = bodyOf();
    const patch: Parameters<SavedViewsRepo['update']>[1] = { updated_at: now() };
    if (body.name !== undefined) Object.assign(patch, { name: body.name, name_key: nameKey(body.name) });
    if (body.state !== undefined) {
      patch.state = stateText(body.state);
      await this.checkModels(row.project_id, row.version_id, body.state);
      await this.checkAlignment(user, row.project_id, body.state, row.state);
    }
    try {
      await this.repo.update(id, patch);
    } catch (error) {
      throw isUniqueViolation(error) ? nameTaken(body.name ?? row.name) : error;
    }
    return this.present(user, role, id);
  }

  async delete(user: CurrentUser, id: string): Promise<void> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    await this.access.requireAccess(
      user,
      { project: row.project_id },
      changeViewActionFor(user, { createdById: row.created_by }),
    );
    await this.repo.delete(id);
  }

  /**
   * Moving or turning the other models (an offset or rotation, or a change to them) is a project manager's
   * (alignModels): what the whole team sees lined up. A view saved again with the alignment it had passes.
   */
  private async checkAlignment(
    user: CurrentUser,
    projectId: string,
    state: SavedViewState,
    previous: string | null,
  ): Promise<void> {
    const alignment = modelAlignment(state);
    let before = '';
    try {
      before = previous === null ? '' : modelAlignment(JSON.parse(previous) as SavedViewState);
    } catch {
      // a stored state that does not parse has no alignment to keep
    }
    if (alignment !== '' && alignment !== before) {
      await this.access.requireAccess(user, { project: projectId }, 'alignModels');
    }
  }

  /** Whether the user, of this role in the view's project, may rename, update or delete it. */
  private mayChange(user: CurrentUser, role: ProjectRole, row: SavedViewListRow): boolean {
    const action = changeViewActionFor(user, { createdById: row.created_by });
    return this.access.allowsInProject({ member_role: role }, action);
  }

  private async present(user: CurrentUser, role: ProjectRole, id: string): Promise<SavedView> {
    const row: SavedViewFullRow | undefined = await this.repo.find(id);
    if (!row) throw notFound();
    return presentView(row, this.mayChange(user, role, row));
  }

  /**
   * The view's own model version and every other one its state lists must be model versions of the project;
   * the objects a version-3 state names (by model version + GlobalId) must be of those models.
   */
  private async checkModels(projectId: string, versionId: string, state: SavedViewState): Promise<void> {
    const others = (state.models ?? []).map((model) => model.versionId);
    const found = await this.repo.modelVersionsOf(projectId, [versionId, ...others]);
    if (!found.has(versionId))
      throw badRequest(`versionId: ${versionId} is not a model version of this project`);
    const missing = others.find((other) => !found.has(other));
    if (missing) throw badRequest(`state.models: ${missing} is not a model version of this project`);
    if (state.version !== 3) return;
    const shown = new Set([versionId, ...others]);
    for (const [path, list] of storedObjectLists(state)) {
      const stray = (list as Array<{ versionId: string }>).find((o) => !shown.has(o.versionId));
      if (stray)
        throw badRequest(
          `state.${path.join('.')}: ${stray.versionId} is not the view's model nor one of its models`,
        );
    }
  }
}
