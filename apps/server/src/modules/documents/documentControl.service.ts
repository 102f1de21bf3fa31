import {
  cdeStateOfTopFolder,
  underReviewMessage,
  type CdeState,
  type DocumentHold,
  type FileChange,
  type HeldChange,
  type ProjectRole,
  type UploadResult,
} from '@penstock/shared';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import type { DocumentsRepo } from './documents.repo.ts';
import type { DocumentControlRepo, HoldRow } from './documentControl.repo.ts';
import { presentItem, presentVersion } from './documents.presenter.ts';
import type { NamingCheck } from '../infoStandard/index.ts';

const holdOf = (row: HoldRow): DocumentHold => ({
  submittedBy: row.created_by_name,
  submittedAt: row.created_at,
});

/**
 * Document control (issue 31): a document under review is held (no move, delete or new version until its
 * workflow closes: 409 with the reason), Published and Archived are changed by hand only by project
 * managers (403), and a move keeps the item's history because it moves the item rather than copying it.
 */
/** An item moved to another folder (its versions with it). */
export type ItemMovedListener = (item: {
  id: string;
  projectId: string;
  fromFolderId: string;
  toFolderId: string;
}) => Promise<void> | void;

export class DocumentControlService {
  private readonly movedListeners: ItemMovedListener[] = [];

  constructor(
    private readonly repo: DocumentsRepo,
    private readonly control: DocumentControlRepo,
    private readonly access: AccessService,
    private readonly naming: NamingCheck,
  ) {}

  /**
   * Called after every move (the IDS checks follow a model into and out of the folders their IDS files apply
   * to); a listener's failure never undoes or fails the move.
   */
  onItemMoved(listener: ItemMovedListener): void {
    this.movedListeners.push(listener);
  }

  /** The ISO 19650 state of a folder (from its top folder's name). */
  async stateOf(folderId: string): Promise<CdeState | null> {
    return cdeStateOfTopFolder((await this.repo.folderTrail(folderId))[0]?.name);
  }

  /**
   * Refuses (403) a change the member's role allows in general but not in these folders: the record's
   * rule, read with the role requireAccess returned, after the folders are known.
   */
  async requireChangeIn(role: ProjectRole, change: FileChange, folderIds: readonly string[]): Promise<void> {
    const states = await Promise.all(folderIds.map((id) => this.stateOf(id)));
    this.access.requireFileChange(role, change, states);
  }

  /** Refuses (409) a change to an item that an open workflow holds. */
  async requireNotHeld(item: { id: string; name: string }, change: HeldChange): Promise<void> {
    const [hold] = await this.control.holdsOf([item.id]);
    if (hold) throw conflict(underReviewMessage(item.name, holdOf(hold), change));
  }

  /** Refuses (409) a file that would become the next version of a held item of the same name. */
  async requireNewVersionAllowed(folderId: string, fileName: string): Promise<void> {
    const item = await this.control.liveItemNamed(folderId, fileName);
    if (item) await this.requireNotHeld(item, 'newVersion');
  }

  /** The holds of a project's items by item id (the Workflow panel's structure). */
  async holdsInProject(projectId: string): Promise<Map<string, DocumentHold>> {
    const rows = await this.control.holdsInProject(projectId);
    return new Map(rows.map((row) => [row.item_id, holdOf(row)]));
  }

  /**
   * POST /api/workflow/move: the item itself moves into the target folder of the same project, in one
   * statement, so its id, its versions (with their revision and suitability codes) and what points at them
   * (issues, markups, workflow history, model conversions) stay as they were. Moving between projects is
   * refused: a project's members, issues and workflows do not travel with a file.
   */
  async move(
    user: Parameters<AccessService['requireAccess']>[0],
    input: { projectId: string; documentId: string; itemId: string; uploadFolderId: string },
  ): Promise<UploadResult> {
    const role = await this.access.requireAccess(user, { project: input.projectId }, 'moveFiles');
    const target = await this.repo.findFolder(input.uploadFolderId);
    if (!target || target.project_id !== input.projectId)
      throw badRequest('The target folder is not a folder of this project');
    const item = await this.repo.findItem(input.itemId);
    if (!item || item.project_id !== input.projectId)
      throw badRequest('The document is not a file of this project');
    const named = input.documentId.startsWith('i.')
      ? input.documentId === item.id
      : (await this.repo.findVersion(input.documentId))?.item_id === item.id;
    if (!named) throw badRequest('documentId and itemId name different files');
    if (item.folder_id === target.id) throw badRequest('The file is already in that folder');
    await this.requireChangeIn(role, 'moveFiles', [item.folder_id, target.id]);
    await this.requireNotHeld(item, 'move');
    // the name check of every move into Shared or Published (a warning into WIP)
    const nameWarning = await this.naming.check(input.projectId, await this.stateOf(target.id), item.name);
    const clash = () =>
      conflict(`A file named '${item.name}' is already in that folder: rename or delete it first`);
    const outcome = await this.control.moveItem(item.id, target.id).catch((error: unknown) => {
      // another request put a file of that name there between the check and the update
      if (isUniqueViolation(error)) return 'clash' as const;
      throw error;
    });
    if (outcome === 'clash') throw clash();
    if (outcome === 'gone') throw notFound('No such file in this project');
    const moved = {
      id: item.id,
      projectId: item.project_id,
      fromFolderId: item.folder_id,
      toFolderId: target.id,
    };
    for (const listener of this.movedListeners) await Promise.resolve(listener(moved)).catch(() => {});
    const [latest] = await this.repo.versionsOf(item.id);
    const state = await this.stateOf(target.id);
    return {
      item: presentItem({ ...item, folder_id: target.id }, latest!, state),
      version: presentVersion(latest!),
      ...(nameWarning ? { nameWarning } : {}),
    };
  }
}
