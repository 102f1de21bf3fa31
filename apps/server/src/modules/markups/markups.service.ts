import crypto from 'node:crypto';
import type { CurrentUser } from '@penstock/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import type { AccessService } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { SessionAsker } from '../auth/index.ts';
import type { IssuesRepo } from '../issues/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import {
  MAX_MARKUP_IMAGE_BYTES,
  formatDate,
  type MarkupItemInput,
  type MarkupRecord,
  type SaveMarkupBody,
  type UpdateMarkupBody,
} from '@penstock/shared';
import type { MarkupsRepo, MarkupItemRow, MarkupRow } from './markups.repo.ts';
import { presentMarkup, previewUrl } from './markups.presenter.ts';

const DATA_URL = /^data:(image\/png|image\/jpeg);base64,([A-Za-z0-9+/]*={0,2})$/;

/** Decodes a PNG or JPEG base64 data URL of at most 10 MB, checking the bytes are what it says. */
export function decodeImageDataUrl(value: string): { type: string; bytes: Buffer } {
  const match = DATA_URL.exec(value.replace(/\s+/g, ''));
  if (!match) throw badRequest('imagePreview must be a base64 data URL of an image/png or image/jpeg');
  const [, type, base64] = match as unknown as [string, string, string];
  if (Math.floor((base64.length * 3) / 4) > MAX_MARKUP_IMAGE_BYTES + 2)
    throw badRequest(`imagePreview can be at most ${MAX_MARKUP_IMAGE_BYTES / 1024 / 1024} MB`);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_MARKUP_IMAGE_BYTES)
    throw badRequest(`imagePreview can be at most ${MAX_MARKUP_IMAGE_BYTES / 1024 / 1024} MB`);
  const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isJpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if ((type === 'image/png' && !isPng) || (type === 'image/jpeg' && !isJpeg))
    throw badRequest(`imagePreview is not a ${type === 'image/png' ? 'PNG' : 'JPEG'} image`);
  return { type, bytes };
}

/** Whether the drawings sent back are the stored ones (same ids, titles, data, state, image, version). */
function sameItems(existing: readonly MarkupItemRow[], inputs: readonly MarkupItemInput[]): boolean {
  return (
    existing.length === inputs.length &&
    inputs.every((input, i) => {
      const row = existing[i]!;
      return (
        input.markupId === row.id &&
        input.markupTitle === row.title &&
        input.markupData === row.data &&
        input.markupstate === row.state &&
        input.documentVersion === row.document_version &&
        input.imagePreview === (row.image_hash ? previewUrl(row.id) : '')
      );
    })
  );
}

/**
 * Markups of a document. Members and managers save markups and change them; every member, viewers too,
 * reads them and ticks Completed (`actioned`). The author, date and user name come from the session.
 */
export class MarkupsService {
  constructor(
    private readonly repo: MarkupsRepo,
    /** which project a document (version or item) belongs to */
    private readonly documentsOf: IssuesRepo,
    private readonly blobs: BlobStore,
    private readonly projects: ProjectDirectory,
    private readonly access: AccessService,
  ) {}

  /**
   * POST /api/markups/getMarkups in one round trip (issue 38): the session, the role and the markups come in
   * one query; the session is checked as every request's is (401), then access by the one rule with the role
   * read (404 for a non-member), before anything read is answered.
   */
  async list(asker: SessionAsker, projectId: string, documentId: string): Promise<MarkupRecord[]> {
    const read = await this.repo.listForAsker(asker.sessionId, projectId, documentId);
    const user = await asker.settle(read.session);
    await this.access.requireAccess(user, { project: projectId, memberRole: read.memberRole }, 'read');
    return read.markups.map((row) =>
      presentMarkup(
        row,
        read.items.filter((item) => item.markup_id === row.id),
      ),
    );
  }

  async save(user: CurrentUser, body: SaveMarkupBody): Promise<MarkupRecord> {
    await this.access.requireAccess(user, { project: body.projectId }, 'saveMarkups');
    if ((await this.documentsOf.documentProject(body.documentId)) !== body.projectId)
      throw badRequest(`Document ${body.documentId} is not in this project`);
    await this.checkReviewer(body.projectId, body.createdFor);
    const project = await this.projects.findProject(body.projectId);
    const at = new Date();
    const markup: MarkupRow = {
      id: `m.${crypto.randomUUID()}`,
      project_id: body.projectId,
      project_name: project?.name ?? body.projectName,
      document_id: body.documentId,
      item_id: body.itemId,
      document_name: body.documentName,
      created_date: at.toISOString(),
      created_by_user_id: user.id,
      created_by_name: user.name,
      created_for: body.createdFor,
      actioned: body.actioned ? 1 : 0,
      title: body.title,
      updated_at: at.toISOString(),
    };
    const items = await this.itemRows(user, markup, body.markupData, []);
    await this.repo.save(markup, items, true);
    return presentMarkup(markup, items);
  }

  async update(user: CurrentUser, body: UpdateMarkupBody): Promise<MarkupRecord> {
    const markup = await this.repo.find(body.id);
    if (!markup) throw notFound();
    await this.access.requireAccess(user, { project: markup.project_id }, 'completeMarkups');
    const existing = await this.repo.itemsOf([markup.id]);
    // the client sends the whole changed record back: only what differs counts as a change
    const drawingsChanged = body.markupData !== undefined && !sameItems(existing, body.markupData);
    const changesMore =
      (body.title !== undefined && body.title !== markup.title) ||
      (body.createdFor !== undefined && body.createdFor !== markup.created_for) ||
      drawingsChanged;
    if (changesMore) await this.access.requireAccess(user, { project: markup.project_id }, 'editMarkups');
    if (body.createdFor !== undefined && body.createdFor !== markup.created_for)
      await this.checkReviewer(markup.project_id, body.createdFor);
    const next: MarkupRow = {
      ...markup,
      title: body.title ?? markup.title,
      created_for: body.createdFor ?? markup.created_for,
      actioned: body.actioned === undefined ? markup.actioned : body.actioned ? 1 : 0,
      updated_at: new Date().toISOString(),
    };
    let items: MarkupItemRow[] = drawingsChanged
      ? await this.itemRows(user, next, body.markupData!, existing)
      : existing.map((item) => ({ ...item, created_for: next.created_for }));
    // the Completed flag is the markup's: its drawings follow it
    items = items.map((item) => ({ ...item, actioned: next.actioned }));
    await this.repo.save(next, items, false);
    return presentMarkup(next, items);
  }

  async preview(user: CurrentUser, itemId: string) {
    const item = await this.repo.findItem(itemId);
    if (!item || !item.image_hash) throw notFound();
    await this.access.requireAccess(user, { project: item.project_id }, 'read');
    return {
      type: item.image_type ?? 'image/png',
      hash: item.image_hash,
      stream: this.blobs.createReadStream(item.image_hash),
    };
  }

  /** createdFor: a member's user id or email. */
  private async checkReviewer(projectId: string, createdFor: string): Promise<void> {
    const wanted = createdFor.trim().toLowerCase();
    const members = await this.projects.members([projectId]);
    if (!members.some((m) => m.user_id.toLowerCase() === wanted || m.email.toLowerCase() === wanted))
      throw badRequest('createdFor must be the user id or email of a member of the project');
  }

  private async itemRows(
    user: CurrentUser,
    markup: MarkupRow,
    inputs: readonly MarkupItemInput[],
    existing: readonly MarkupItemRow[],
  ): Promise<MarkupItemRow[]> {
    const rows: MarkupItemRow[] = [];
    const today = formatDate(new Date(), 'date');
    for (const [position, input] of inputs.entries()) {
      const before = existing.find((item) => item.id === input.markupId);
      let image: { hash: string; type: string } | null = null;
      if (input.imagePreview.startsWith('data:')) {
        const { type, bytes } = decodeImageDataUrl(input.imagePreview);
        image = { hash: (await this.blobs.putBuffer(bytes)).hash, type };
      } else if (input.imagePreview !== '') {
        const kept = existing.find((item) => previewUrl(item.id) === input.imagePreview && item.image_hash);
        if (!kept)
          throw badRequest(
            "imagePreview must be a base64 data URL of an image/png or image/jpeg (or this markup's own preview URL)",
          );
        image = { hash: kept.image_hash!, type: kept.image_type ?? 'image/png' };
      }
      rows.push({
        id: before?.id ?? `mi.${crypto.randomUUID()}`,
        markup_id: markup.id,
        position,
        title: input.markupTitle,
        data: input.markupData,
        state: input.markupstate,
        image_hash: image?.hash ?? null,
        image_type: image?.type ?? null,
        document_name: input.documentName || markup.document_name,
        document_version: input.documentVersion,
        user_name: before?.user_name ?? user.name,
        created: before?.created ?? input.created ?? today,
        created_for: markup.created_for,
        actioned: markup.actioned,
      });
    }
    return rows;
  }
}
