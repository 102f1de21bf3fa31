import type { ProjectRole } from '@penstock/shared';
import type { Db } from '../../db/database.ts';
import { fromJson, jsonArrayFrom } from '../../db/json.ts';
import { preparedQuery, type Arg } from '../../db/preparedQuery.ts';
import type { FoldersTable } from '../../db/schema.ts';
import { membershipRoleOf, readRole } from '../../security/access.repo.ts';
import { readSessionColumns, sessionColumns, type SessionWithUser } from '../auth/index.ts';
import { folderTrailOf, itemsInFolderOf, toItemWithLatest, type ItemWithLatest } from './documents.repo.ts';

/** What a folder's listing (GET /api/tree of a folder) needs, read in one query. */
export interface FolderListing {
  /** the session that asks, with its user and roles (not yet checked: SessionAsker.settle) */
  session: SessionWithUser | undefined;
  /** the folder and its ancestors, top-level first (empty: no such folder) */
  trail: FoldersTable[];
  /** the session's user's role in the folder's project (undefined: not a member) */
  memberRole: ProjectRole | undefined;
  folders: FoldersTable[];
  items: ItemWithLatest[];
}

const FOLDER_COLUMNS = ['id', 'project_id', 'parent_id', 'name', 'position', 'created_at'] as const;

/**
 * The tree read of a folder in one statement, one round trip on PostgreSQL where it took five (issue 38): the
 * session with its user and roles, the folder's trail (its ISO 19650 state), the user's membership role in its
 * project, its child folders and its live items with their latest versions, each list a JSON array (db/json.ts).
 * Always one row: the session is read even when the folder does not exist (a 401 comes before a 404). Compiled
 * once per database handle, and on PostgreSQL a named prepared statement (db/database.ts).
 */
const folderListingQuery = preparedQuery((db, arg: Arg<{ folderId: string; sessionId: string }>) =>
  db.selectNoFrom((eb) => {
    const projectId = eb
      .selectFrom('folders')
      .select('project_id')
      .where('id', '=', arg('folderId'))
      .$asScalar();
    const userId = eb.selectFrom('sessions').select('user_id').where('id', '=', arg('sessionId')).$asScalar();
    return [
      ...sessionColumns(db, eb, arg('sessionId')),
      membershipRoleOf(eb, projectId, userId).as('member_role'),
      jsonArrayFrom(db, folderTrailOf(db, arg('folderId'))).as('trail'),
      jsonArrayFrom(
        db,
        eb
          .selectFrom('folders')
          .select(FOLDER_COLUMNS)
          .where('project_id', '=', projectId)
          .where('parent_id', '=', arg('folderId'))
          .orderBy('position')
          .orderBy('name'),
      ).as('folders'),
      jsonArrayFrom(db, itemsInFolderOf(db, arg('folderId'))).as('items'),
    ];
  }),
);

/** The one-query reads of the tree (see {@link folderListingQuery}). */
export class FolderListingRepo {
  constructor(private readonly db: Db) {}

  async folderListing(folderId: string, sessionId: string): Promise<FolderListing> {
    const row = (await folderListingQuery.executeTakeFirst(this.db, { folderId, sessionId }))!;
    return {
      session: readSessionColumns(row),
      trail: fromJson(row.trail) ?? [],
      memberRole: readRole(row.member_role),
      folders: fromJson(row.folders) ?? [],
      items: (fromJson(row.items) ?? []).map(toItemWithLatest),
    };
  }
}
