import fsp from 'node:fs/promises';
import path from 'node:path';
import { RESUMABLE_UPLOADS_PATH, type CurrentUser, type ResumableUploadStatus } from '@penstock/shared';
import { HttpError, conflict, notFound } from '../../http/errors.ts';
import type { AccessService, AfterAccess } from '../../security/access.ts';
import { TooLargeError, type BlobStore } from '../../storage/blobStore.ts';
import type { DocumentFiles, DocumentsRepo } from '../documents/index.ts';
import type { ResumableUploadRow, ResumableUploadsRepo } from './resumableUploads.repo.ts';
import { hashFile, tusServer, type Upload } from './tusProtocol.ts';

export interface ResumableUploadSettings {
  /** where the partial uploads are: the data folder's uploads/ */
  directory: string;
  maxBytes: number;
  expiryMs: number;
}

/** Who made a tus request, and for a creation what it creates: the tus server's hooks read it. */
interface Caller {
  user: CurrentUser;
  creation?: { projectId: string; folderId: string; fileName: string; size: number };
}

type Finished = { status: ResumableUploadStatus; refusal?: HttpError };

/**
 * Resumable uploads (issue 35 §4), the tus 1.0 protocol over @tus/server's file store in the data folder.
 * Creating one checks, before a byte arrives, what an upload into the folder checks (the user may upload
 * there, the record's rule, a document under review, the naming standard); every later call is its own
 * user's only. Once every byte is in, the file is stored through the same path as any upload
 * (DocumentFiles.addFile: the checks again, the new version or item, its ISO 19650 codes, an IFC's
 * conversion queued) and the upload is marked stored in the same transaction, so it is recorded once; a
 * server killed meanwhile leaves it complete and unrecorded, and the next status call stores it.
 */
export class ResumableUploadsService {
  private readonly callers = new WeakMap<Request, Caller>();
  private readonly finishing = new Map<string, Promise<Finished>>();
  private readonly tus: ReturnType<typeof tusServer>;

  constructor(
    private readonly repo: ResumableUploadsRepo,
    private readonly documentsRepo: DocumentsRepo,
    private readonly files: DocumentFiles,
    private readonly blobs: BlobStore,
    private readonly access: AccessService,
    private readonly settings: ResumableUploadSettings,
  ) {
    this.tus = tusServer({
      path: RESUMABLE_UPLOADS_PATH,
      directory: settings.directory,
      maxBytes: settings.maxBytes,
      expiryMs: settings.expiryMs,
      onCreate: (request, upload) => this.created(request, upload),
      onFinish: (request, upload) => this.received(request, upload),
    });
  }

  /** POST /api/uploads: a new upload of `size` bytes named `fileName` into the folder. */
  async create(
    user: CurrentUser,
    folderId: string,
    input: AfterAccess<{ fileName: string; size: number }>,
    request: Request,
  ): Promise<Response> {
    const folder = await this.documentsRepo.findFolder(folderId);
    if (!folder) throw notFound();
    const role = await this.access.requireAccess(user, { project: folder.project_id }, 'upload');
    await this.files.control.requireChangeIn(role, 'upload', [folder.id]);
    const { fileName, size } = input();
    if (size > this.settings.maxBytes)
      throw new HttpError(413, new TooLargeError(this.settings.maxBytes).message);
    const target = { projectId: folder.project_id, folderId: folder.id };
    // refused now rather than after the last of 2 GB: a held document, a name Shared or Published refuses
    await this.files.checkNewFile(target, fileName, { checkName: true });
    this.callers.set(request, { user, creation: { ...target, fileName, size } });
    return this.tus.server.handleWeb(request);
  }

  /** HEAD, PATCH and DELETE /api/uploads/<id>: the upload's own user continues it, asks its offset, cancels it. */
  async continue(user: CurrentUser, id: string, request: Request): Promise<Response> {
    const row = await this.ownUpload(user, id);
    // a stored or refused upload's bytes are gone; its client is told it is complete, and asks GET for the rest
    // (a 404 would make tus-js-client send the whole file again)
    if (request.method === 'HEAD' && (row.version_id || row.error))
      return new Response(null, {
        status: 200,
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(row.size),
          'Upload-Length': String(row.size),
          'Cache-Control': 'no-store',
        },
      });
    if (request.method === 'PATCH' && (await this.finishedOrComplete(row)))
      throw conflict(`The upload is complete: GET ${RESUMABLE_UPLOADS_PATH}/${id} tells what became of it`);
    if (request.method === 'DELETE' && this.finishing.has(id)) throw conflict('The upload is being stored');
    this.callers.set(request, { user });
    const response = await this.tus.server.handleWeb(request);
    if (request.method === 'DELETE' && response.status === 204) await this.repo.remove(id);
    return response;
  }

  /** GET /api/uploads/<id>: where it is; a complete upload not yet stored (its server was stopped) is stored now. */
  async status(user: CurrentUser, id: string): Promise<ResumableUploadStatus> {
    const row = await this.ownUpload(user, id);
    if (row.version_id || row.error) return this.present(row, row.size);
    const offset = await this.offsetOf(row.id);
    if (offset === null) throw notFound('This upload has expired or was cancelled');
    if (offset < row.size) return this.present(row, offset);
    return (await this.finish(user, row.id)).status;
  }

  /**
   * Removes what has expired: uploads past their time (their bytes and row, stored or not), the bytes left
   * by a stored or refused upload whose server stopped before removing them, and the tus store's own
   * expired files (files with no row). Run at start and hourly.
   */
  async removeExpired(now = new Date()): Promise<number> {
    let removed = 0;
    for (const row of await this.repo.expired(now.toISOString())) {
      if (this.finishing.has(row.id)) continue;
      await this.removeBytes(row.id);
      await this.repo.remove(row.id);
      removed++;
    }
    for (const id of await this.storedIds()) {
      const row = await this.repo.find(id);
      if (row && (row.version_id || row.error) && !this.finishing.has(id)) await this.removeBytes(id);
    }
    removed += await this.tus.server.cleanUpExpiredUploads();
    return removed;
  }

  /** The tus server's creation hook: the row names the upload's user, folder and name before its file exists. */
  private async created(request: Request, upload: Upload): Promise<void> {
    const creation = this.callers.get(request)?.creation;
    const user = this.callers.get(request)?.user;
    if (!creation || !user) throw { status_code: 400, body: 'Start an upload with POST /api/uploads' };
    const now = new Date();
    await this.repo.insert({
      id: upload.id,
      user_id: user.id,
      project_id: creation.projectId,
      folder_id: creation.folderId,
      file_name: creation.fileName,
      size: creation.size,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.settings.expiryMs).toISOString(),
      version_id: null,
      name_warning: null,
      error: null,
    });
  }

  /** The tus server's hook after the last byte: stores the file; the answer to the last PATCH says how. */
  private async received(request: Request, upload: Upload): Promise<{ status: number; json: unknown }> {
    const user = this.callers.get(request)?.user;
    if (!user) throw { status_code: 400, body: 'No such upload' };
    const { status, refusal } = await this.finish(user, upload.id);
    if (refusal) throw { status_code: refusal.statusCode, body: refusal.message };
    return { status: 200, json: status };
  }

  /** Stores a complete upload once, whoever asks first (the last PATCH, a status call after a restart). */
  private finish(user: CurrentUser, id: string): Promise<Finished> {
    let running = this.finishing.get(id);
    if (!running) {
      running = this.store(user, id).finally(() => this.finishing.delete(id));
      this.finishing.set(id, running);
    }
    return running;
  }

  private async store(user: CurrentUser, id: string): Promise<Finished> {
    const row = await this.repo.find(id);
    if (!row) throw notFound('This upload has expired or was cancelled');
    if (row.version_id || row.error) return { status: await this.present(row, row.size) };
    const file = path.join(this.settings.directory, id);
    try {
      // the same path as an upload in one request: may the user still upload there, then addFile's checks
      const role = await this.access.requireAccess(user, { project: row.project_id }, 'upload');
      await this.files.control.requireChangeIn(role, 'upload', [row.folder_id]);
      const blob = await hashFile(file);
      if (blob.size !== row.size) throw conflict('The upload is not complete');
      await this.blobs.storeHashedFile(file, blob);
      const target = { projectId: row.project_id, folderId: row.folder_id };
      await this.files.addFile(user, target, row.file_name, blob, {
        checkName: true,
        // the version and the upload's mark in one transaction: recorded once, or not at all
        within: (write, nameWarning) =>
          this.repo.transaction(async (unit) => {
            const recorded = await write(unit.documents);
            if (!(await unit.uploads.markStored(id, recorded.version.id, nameWarning)))
              throw conflict('The upload was stored already');
            return recorded;
          }),
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await this.repo.markRefused(id, error.message);
      await this.removeBytes(id);
      const refused = (await this.repo.find(id))!;
      return { status: await this.present(refused, refused.size), refusal: error };
    }
    await this.removeBytes(id);
    const stored = (await this.repo.find(id))!;
    return { status: await this.present(stored, stored.size) };
  }

  private async ownUpload(user: CurrentUser, id: string): Promise<ResumableUploadRow> {
    const row = await this.repo.find(id);
    if (!row) throw notFound('No such upload');
    await this.access.requireAccess(user, { person: row.user_id }, 'continueUpload');
    return row;
  }

  /** Whether no byte may be added: stored, refused, or every byte in. */
  private async finishedOrComplete(row: ResumableUploadRow): Promise<boolean> {
    if (row.version_id || row.error || this.finishing.has(row.id)) return true;
    return (await this.offsetOf(row.id)) === row.size;
  }

  /** The bytes received so far, or null when the upload's file is gone. */
  private async offsetOf(id: string): Promise<number | null> {
    try {
      return (await this.tus.store.getUpload(id)).offset;
    } catch {
      return null;
    }
  }

  private async removeBytes(id: string): Promise<void> {
    await this.tus.store.remove(id).catch(() => {});
    // remove() stops at a missing data file: the .json beside it goes too
    await fsp.rm(path.join(this.settings.directory, `${id}.json`), { force: true });
  }

  /** The ids of the uploads with files in the store. */
  private async storedIds(): Promise<string[]> {
    const names = await fsp.readdir(this.settings.directory).catch(() => [] as string[]);
    return names.filter((name) => /^[0-9a-f]{32}\.json$/.test(name)).map((name) => name.slice(0, 32));
  }

  private async present(row: ResumableUploadRow, offset: number): Promise<ResumableUploadStatus> {
    const version = row.version_id ? await this.documentsRepo.findVersion(row.version_id) : undefined;
    return {
      id: row.id,
      fileName: row.file_name,
      folderId: row.folder_id,
      size: row.size,
      offset,
      expiresAt: row.expires_at,
      state: row.version_id ? 'stored' : row.error ? 'refused' : 'receiving',
      ...(version ? { itemId: version.item_id, versionId: version.id } : {}),
      ...(row.name_warning ? { nameWarning: row.name_warning } : {}),
      ...(row.error ? { error: row.error } : {}),
    };
  }
}
