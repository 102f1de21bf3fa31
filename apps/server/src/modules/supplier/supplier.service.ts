import crypto from 'node:crypto';
import {
  SDC_FILE_MESSAGES,
  SDC_LISTED_STATUS,
  SDC_QUESTIONS,
  SdcDataSchema,
  validateSdcForm,
  withoutHiddenAnswers,
  type CurrentUser,
  type SdcData,
  type SdcFormValues,
  type SdcRegister,
  type SdcReviewInput,
  type SdcStatus,
  type SdcSubmissionDetail,
  type SdcSubmissionSummary,
  NO_LOGO_NAME,
} from '@penstock/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import { parseJson } from '../../http/formData.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { EVERYWHERE, type AccessService, type AfterAccess } from '../../security/access.ts';
import type { SdcFilesTable } from '../../db/schema.ts';
import type { ReceivedFile, ReceivedSubmission } from './supplier.upload.ts';
import type { SupplierRepo } from './supplier.repo.ts';
import { presentDetail, presentRegisterRecord, presentSummary } from './supplier.presenter.ts';

/** What savesdcdata answers, the same whether the form was stored or caught by the honeypot. */
export const SDC_RECEIVED = { received: true } as const;

const NEED_DATA = "Send the form's answers as JSON in a field named 'Data'";

/**
 * The logo's name in the register: a short id (two suppliers may both send 'logo.png') and the file's
 * name with anything but letters, digits, spaces, dots, dashes, underscores and brackets replaced, so the
 * address /logos/{name without spaces} needs no escaping.
 */
export function logoNameFor(id: string, fileName: string): string {
  const safe = fileName
    .replace(/[^A-Za-z0-9 ._()-]/g, '_')
    .replace(/-{3,}/g, '--')
    .slice(-100);
  return `${id.slice(4, 12)}-${safe}`;
}

export interface FileContent {
  stream: NodeJS.ReadableStream;
  contentType: string;
  size: number;
  fileName: string;
  hash: string;
}

/**
 * Design competency submissions (engineering spec §4 'Design form submit', 'Register'): anyone may submit;
 * the register lists approved records to everyone; only supplier register managers read submissions,
 * their files, and approve or reject them.
 */
export class SupplierService {
  constructor(
    private readonly repo: SupplierRepo,
    private readonly blobs: BlobStore,
    private readonly access: AccessService,
  ) {}

  /**
   * Checks the answers with the form's own rules, then stores the files in the blob store and the
   * submission with its file rows in one transaction. A refusal leaves nothing behind. The honeypot
   * (a field people never see) answers as a success and keeps nothing.
   */
  async submit(received: ReceivedSubmission): Promise<typeof SDC_RECEIVED> {
    try {
      if (received.dataText === undefined) throw badRequest(NEED_DATA);
      const parsed = parseJson(received.dataText, SdcDataSchema) as SdcFormValues;
      if (parsed.website.trim() !== '') {
        await received.discard();
        return SDC_RECEIVED;
      }
      const values = withoutHiddenAnswers(parsed);
      const [field, message] = Object.entries(validateSdcForm(values))[0] ?? [];
      if (field && message)
        throw badRequest(`${SDC_QUESTIONS[field as keyof typeof SDC_QUESTIONS] ?? field}: ${message}`);
      if (values.hasProvenTrackRecord !== 'Yes' && received.attachments.length > 0)
        throw badRequest(SDC_FILE_MESSAGES.docsWithoutTrackRecord);
      const { website: _honeypot, ...data } = values;
      await this.store(data, received.logo, received.attachments);
      return SDC_RECEIVED;
    } catch (error) {
      await received.discard();
      throw error;
    }
  }

  private async store(data: SdcData, logo: ReceivedFile | undefined, attachments: ReceivedFile[]) {
    const at = new Date().toISOString();
    const id = `sdc.${crypto.randomUUID()}`;
    const logoName = logo ? logoNameFor(id, logo.fileName) : NO_LOGO_NAME;
    for (const file of [logo, ...attachments]) await file?.staged.commit();
    const files: SdcFilesTable[] = attachments.map((file, position) => ({
      id: `sdf.${crypto.randomUUID()}`,
      submission_id: id,
      position,
      file_name: file.fileName,
      blob_hash: file.staged.hash,
      size: file.staged.size,
      content_type: file.contentType,
    }));
    await this.repo.transaction(async (repo) => {
      for (const file of [logo, ...attachments])
        if (file) await repo.recordBlob(file.staged.hash, file.staged.size, at);
      await repo.insertSubmission(
        {
          id,
          status: 'Pending',
          company_name: data.companyName,
          data_json: JSON.stringify(data),
          logo_name: logoName,
          logo_path: logo ? logoName.replace(/ /g, '') : null,
          logo_hash: logo?.staged.hash ?? null,
          logo_type: logo?.contentType ?? null,
          logo_size: logo?.staged.size ?? null,
          review_note: '',
          reviewed_by: null,
          reviewed_at: null,
          date_of_last_review: null,
          submitted_at: at,
        },
        files,
      );
    });
  }

  /** getsdcdata: the approved records keyed by id (spec §3: only Approved is listed). */
  async register(): Promise<SdcRegister> {
    const rows = await this.repo.list(SDC_LISTED_STATUS);
    return Object.fromEntries(rows.map((row) => [row.id, presentRegisterRecord(row)]));
  }

  /** /logos/{name}: the logo of an approved record; anything else is not found. */
  async publicLogo(logoPath: string): Promise<FileContent> {
    const logo = await this.repo.approvedLogo(logoPath);
    if (!logo?.logo_hash || !logo.logo_type) throw notFound('No such logo');
    return this.content(logo.logo_hash, logo.logo_type, Number(logo.logo_size), logoPath);
  }

  async list(user: CurrentUser, status?: SdcStatus): Promise<SdcSubmissionSummary[]> {
    await this.access.requireAccess(user, EVERYWHERE, 'reviewSupplierRegister');
    return (await this.repo.list(status)).map(presentSummary);
  }

  async detail(user: CurrentUser, id: string): Promise<SdcSubmissionDetail> {
    await this.access.requireAccess(user, EVERYWHERE, 'reviewSupplierRegister');
    const row = await this.repo.find(id);
    if (!row) throw notFound('No such submission');
    return presentDetail(row, await this.repo.files(id));
  }

  /** Approve (with the date of the last design review), reject (with a reason) or set back to pending. */
  async review(
    user: CurrentUser,
    idOf: AfterAccess<string>,
    inputOf: AfterAccess<SdcReviewInput>,
  ): Promise<SdcSubmissionDetail> {
    await this.access.requireAccess(user, EVERYWHERE, 'reviewSupplierRegister');
    const id = idOf();
    const input = inputOf();
    const row = await this.repo.find(id);
    if (!row) throw notFound('No such submission');
    await this.repo.review(id, {
      status: input.status,
      review_note: input.note.trim(),
      reviewed_by: user.id,
      reviewed_at: new Date().toISOString(),
      date_of_last_review: input.dateOfLastReview || row.date_of_last_review,
    });
    return this.detail(user, id);
  }

  async managerLogo(user: CurrentUser, id: string): Promise<FileContent> {
    await this.access.requireAccess(user, EVERYWHERE, 'reviewSupplierRegister');
    const row = await this.repo.find(id);
    if (!row?.logo_hash || !row.logo_type) throw notFound('This submission has no logo');
    return this.content(row.logo_hash, row.logo_type, Number(row.logo_size), row.logo_name);
  }

  async attachment(user: CurrentUser, id: string, fileId: string): Promise<FileContent> {
    await this.access.requireAccess(user, EVERYWHERE, 'reviewSupplierRegister');
    const file = await this.repo.findFile(id, fileId);
    if (!file) throw notFound('No such file');
    return this.content(file.blob_hash, file.content_type, Number(file.size), file.file_name);
  }

  private content(hash: string, contentType: string, size: number, fileName: string): FileContent {
    return { stream: this.blobs.createReadStream(hash), contentType, size, fileName, hash };
  }
}
