import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import {
  SDC_DATA_MAX_BYTES,
  SDC_DOC_EXTENSIONS,
  SDC_DOC_MAX_BYTES,
  SDC_DOCS_TOTAL_MAX_BYTES,
  SDC_FILE_MESSAGES,
  SDC_LOGO_EXTENSIONS,
  SDC_LOGO_MAX_BYTES,
  SDC_MAX_DOCS,
  SDC_REQUEST_MAX_BYTES,
  extensionOf,
} from '@penstock/shared';
import { HttpError, badRequest } from '../../http/errors.ts';
import type { BlobStore, StagedBlob } from '../../storage/blobStore.ts';
import { cleanFileName } from '../documents/index.ts';
import { stageFilePart } from '../../http/stageFilePart.ts';
import { readParts } from '../../http/multipart.ts';
import { SNIFF_BYTES, documentTypeOf, imageTypeOf } from './fileSniff.ts';

/** One file part staged within `limit` with its first bytes kept to tell its type (http/stageFilePart.ts). */
const stageSniffed = (
  part: MultipartFile,
  blobs: BlobStore,
  limit: number,
  overLimit: () => HttpError,
): Promise<{ staged: StagedBlob; head: Uint8Array }> =>
  stageFilePart(part, (source, bytes) => blobs.stage(source, bytes), limit, {
    sniffBytes: SNIFF_BYTES,
    overLimit,
  });

/** A file of a submission, staged (not yet in the store): commit or discard it. */
export interface ReceivedFile {
  fileName: string;
  contentType: string;
  staged: StagedBlob;
}

/** savesdcdata as received: the Data text, the logo and the attachments, all files checked and staged. */
export interface ReceivedSubmission {
  dataText: string | undefined;
  logo: ReceivedFile | undefined;
  attachments: ReceivedFile[];
  /** throw the staged files away (after a refusal, or for the honeypot) */
  discard(): Promise<void>;
}

const NEED_MULTIPART = "Send multipart/form-data with 'Data' (JSON), 'Logo' and 'Attachments'";
const tooLarge = (message: string) => new HttpError(413, message);

/**
 * Reads savesdcdata's multipart body (engineering spec §7: Attachments, each file; Logo, one file; Data,
 * JSON text). Every limit is checked while the body streams in: the declared length, each file's size,
 * the number and total of the documents, the type by name and by bytes. Files are staged only; on any
 * refusal the staged files are removed before the error is thrown.
 */
export async function receiveSubmission(
  request: FastifyRequest,
  blobs: BlobStore,
): Promise<ReceivedSubmission> {
  if (!request.isMultipart()) throw badRequest(NEED_MULTIPART);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > SDC_REQUEST_MAX_BYTES)
    throw tooLarge(SDC_FILE_MESSAGES.requestSize);

  const received: ReceivedSubmission = {
    dataText: undefined,
    logo: undefined,
    attachments: [],
    async discard() {
      await Promise.all([this.logo, ...this.attachments].map((file) => file?.staged.discard()));
    },
  };
  let documentBytes = 0;
  async function receiveFile(part: MultipartFile): Promise<void> {
    // a file input left empty may still send an unnamed, empty part (drained by readParts)
    if (!part.filename) return;
    if (part.fieldname === 'Logo') {
      const fileName = cleanFileName(part.filename);
      if (received.logo) throw badRequest(SDC_FILE_MESSAGES.logoCount);
      if (!(SDC_LOGO_EXTENSIONS as readonly string[]).includes(extensionOf(fileName)))
        throw badRequest(SDC_FILE_MESSAGES.logoType);
      const { staged, head } = await stageSniffed(part, blobs, SDC_LOGO_MAX_BYTES, () =>
        tooLarge(SDC_FILE_MESSAGES.logoSize),
      );
      const contentType = imageTypeOf(head);
      if (!contentType) {
        await staged.discard();
        throw badRequest(SDC_FILE_MESSAGES.logoType);
      }
      received.logo = { fileName, contentType, staged };
    } else if (part.fieldname === 'Attachments') {
      const fileName = cleanFileName(part.filename);
      if (received.attachments.length >= SDC_MAX_DOCS) throw tooLarge(SDC_FILE_MESSAGES.docCount);
      const extension = extensionOf(fileName);
      if (!(SDC_DOC_EXTENSIONS as readonly string[]).includes(extension))
        throw badRequest(SDC_FILE_MESSAGES.docType(fileName));
      const { staged, head } = await stageSniffed(part, blobs, SDC_DOC_MAX_BYTES, () =>
        tooLarge(SDC_FILE_MESSAGES.docSize(fileName)),
      );
      const contentType = documentTypeOf(extension, head);
      if (!contentType) {
        await staged.discard();
        throw badRequest(SDC_FILE_MESSAGES.docType(fileName));
      }
      received.attachments.push({ fileName, contentType, staged });
      documentBytes += staged.size;
      if (documentBytes > SDC_DOCS_TOTAL_MAX_BYTES) throw tooLarge(SDC_FILE_MESSAGES.docsTotal);
    }
  }
  try {
    await readParts(
      request,
      {
        fieldSize: SDC_DATA_MAX_BYTES,
        fileSize: Math.max(SDC_LOGO_MAX_BYTES, SDC_DOC_MAX_BYTES),
        files: SDC_MAX_DOCS + 2,
        fields: 10,
      },
      {
        field(part) {
          if (part.fieldname !== 'Data' || received.dataText !== undefined) return;
          if (part.valueTruncated) throw tooLarge('The Data field is too large');
          received.dataText = String(part.value);
        },
        file: (part) => receiveFile(part),
      },
    );
  } catch (error) {
    await received.discard();
    throw error;
  }
  return received;
}
