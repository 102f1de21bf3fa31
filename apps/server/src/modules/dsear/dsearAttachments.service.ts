import type { Readable } from 'node:stream';
import {
  DSEAR_ATTACHMENT_FOLDER,
  dsearAttachmentContentUrl,
  fileExtension,
  type CurrentUser,
  type DsearAttachment,
} from '@penstock/shared';
import { notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { VersionsTable } from '../../db/schema.ts';
import { stateOfTrail, type DocumentFiles } from '../documents/index.ts';
import type { DsearRepo, DsearEntryRow } from './dsear.repo.ts';
import type { DsearAttachmentRow, DsearAttachmentsRepo } from './dsearAttachments.repo.ts';

/** Where an upload goes, known before a byte of it is read. */
export interface DsearAttachTarget {
  entryId: string;
  projectId: string;
  folderId: string;
}

/**
 * Files attached to a DSEAR entry. The file is stored by the documents module in the project's
 * WIP/DSEAR folder (a second file of the same name becomes its next version, as any upload there would);
 * the entry links to the item. Attaching needs the right to save the entry; listing and opening the right
 * to open it, which reaches listed senior design managers who are not members of the project: their
 * files are served through the entry, not through the document store.
 */
export class DsearAttachmentsService {
  constructor(
    private readonly repo: DsearAttachmentsRepo,
    private readonly entries: DsearRepo,
    private readonly documents: DocumentFiles,
    private readonly blobs: BlobStore,
    private readonly access: AccessService,
  ) {}

  /** Checks the right to attach before the upload is read: a refused upload stores nothing. */
  async target(user: CurrentUser, dsearId: string): Promise<DsearAttachTarget> {
    const entry = await this.entries.findEntry(dsearId);
    if (!entry) throw notFound(`No register entry ${dsearId}`);
    await this.access.requireAccess(user, { project: entry.project_id }, 'saveDsear');
    const folderId = await this.documents.ensureFolderPath(entry.project_id, DSEAR_ATTACHMENT_FOLDER);
    return { entryId: entry.id, projectId: entry.project_id, folderId };
  }

  stage(source: Readable, limitBytes: number) {
    return this.blobs.stage(source, limitBytes);
  }

  /** Records the staged file as a document of the project and links it to the entry, in one transaction. */
  async attach(
    user: CurrentUser,
    target: DsearAttachTarget,
    fileName: string,
    blob: { hash: string; size: number },
  ): Promise<DsearAttachment> {
    const state = stateOfTrail(await this.documents.folderTrail(target.folderId));
    const at = new Date().toISOString();
    const { item, version } = await this.repo.transaction(async ({ attachments, documents }) => {
      const stored = await this.documents.recordFile(documents, state, user, target, fileName, blob, {});
      await attachments.link(target.entryId, stored.item.id, user.id, at);
      return stored;
    });
    // after the commit, as every upload: listeners (the IFC conversion queue) see a stored version
    await this.documents.versionAdded(version);
    const row = await this.repo.find(target.entryId, item.id);
    if (!row) throw notFound();
    return (await this.present([row]))[0]!;
  }

  async list(user: CurrentUser, dsearId: string): Promise<DsearAttachment[]> {
    const entry = await this.requireReader(user, dsearId);
    return this.present(await this.repo.listOf(entry.id));
  }

  /** The latest version's bytes of an attached file. */
  async content(
    user: CurrentUser,
    dsearId: string,
    itemId: string,
  ): Promise<{ version: VersionsTable; stream: Readable }> {
    const entry = await this.requireReader(user, dsearId);
    const row = await this.repo.find(entry.id, itemId);
    const version = row && (await this.repo.latestVersions([row.item_id])).get(row.item_id);
    if (!version) throw notFound(`No attachment ${itemId} on this entry`);
    return { version, stream: this.blobs.createReadStream(version.blob_hash) };
  }

  /**
   * Those who may open the entry (POST /api/dsear/get): administrators and its listed senior design managers,
   * else the project's members (anyone else is told the project does not exist).
   */
  private async requireReader(user: CurrentUser, dsearId: string): Promise<DsearEntryRow> {
    const entry = await this.entries.findEntry(dsearId);
    if (!entry) throw notFound(`No register entry ${dsearId}`);
    const me = user.email.trim().toLowerCase();
    const listed = (await this.entries.approvalsOf([entry.id])).some((a) => a.email === me);
    if (!listed && !this.access.seesEveryProject(user))
      await this.access.requireAccess(user, { project: entry.project_id }, 'read');
    return entry;
  }

  private async present(rows: readonly DsearAttachmentRow[]): Promise<DsearAttachment[]> {
    const versions = await this.repo.latestVersions(rows.map((row) => row.item_id));
    const paths = new Map<string, string>();
    for (const row of rows)
      if (!paths.has(row.folder_id))
        paths.set(
          row.folder_id,
          (await this.documents.folderTrail(row.folder_id)).map((folder) => folder.name).join('/'),
        );
    return rows.flatMap((row): DsearAttachment[] => {
      const version = versions.get(row.item_id);
      if (!version) return [];
      return [
        {
          itemId: row.item_id,
          versionId: version.id,
          versionNumber: version.number,
          fileName: version.file_name,
          fileType: fileExtension(version.file_name).replace(/^\./, '').toLowerCase(),
          size: Number(version.size),
          revision: version.revision,
          suitability: version.suitability,
          folderPath: paths.get(row.folder_id) ?? '',
          addedAt: row.added_at,
          addedBy: row.added_by_name ?? '',
          contentUrl: dsearAttachmentContentUrl(row.entry_id, row.item_id),
        },
      ];
    });
  }
}
