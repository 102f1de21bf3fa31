/**
 * The files of a Design Competency Form: one logo image and, after a Yes to the track-record question,
 * several track-record documents. The form checks names and sizes before sending; the server checks the
 * same limits while the files stream in, and the bytes of every file (a renamed file is refused).
 */
export const SDC_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const SDC_DOC_MAX_BYTES = 10 * 1024 * 1024;
export const SDC_MAX_DOCS = 10;
export const SDC_DOCS_TOTAL_MAX_BYTES = 50 * 1024 * 1024;
/** The Data part is text only; this is far more than the longest answers. */
export const SDC_DATA_MAX_BYTES = 256 * 1024;
/** The whole savesdcdata body: every file at its limit, the data and the multipart framing. */
export const SDC_REQUEST_MAX_BYTES =
  SDC_LOGO_MAX_BYTES + SDC_DOCS_TOTAL_MAX_BYTES + SDC_DATA_MAX_BYTES + 64 * 1024;

/** Logo images: raster only (an SVG can carry script). */
export const SDC_LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export const SDC_DOC_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'png',
  'jpg',
  'jpeg',
] as const;
export const SDC_LOGO_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp';
export const SDC_DOC_ACCEPT = SDC_DOC_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const SDC_FILE_MESSAGES = {
  logoType: 'The logo must be a PNG, JPEG, GIF or WebP image.',
  logoSize: `The logo must be ${MB(SDC_LOGO_MAX_BYTES)} or smaller.`,
  logoCount: 'Send one logo image only.',
  docType: (name: string) =>
    `${name} cannot be attached: track-record documents must be PDF, Word, Excel, PowerPoint, PNG or JPEG files.`,
  docSize: (name: string) => `${name} is larger than ${MB(SDC_DOC_MAX_BYTES)}.`,
  docCount: `Attach at most ${SDC_MAX_DOCS} track-record documents.`,
  docsTotal: `The track-record documents may be ${MB(SDC_DOCS_TOTAL_MAX_BYTES)} at most in all.`,
  docsWithoutTrackRecord:
    'Track-record documents are attached only after a Yes to the track-record question.',
  requestSize: `A form with its files may be ${MB(SDC_REQUEST_MAX_BYTES)} at most.`,
  tooMany:
    'Too many forms have been sent from your address in the last hour. Please wait and try again later.',
} as const;

export const extensionOf = (name: string): string => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

export interface FileFacts {
  name: string;
  size: number;
}

/** What is wrong with a chosen logo, or null. */
export function checkLogoFile(file: FileFacts): string | null {
  if (!(SDC_LOGO_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
    return SDC_FILE_MESSAGES.logoType;
  if (file.size > SDC_LOGO_MAX_BYTES) return SDC_FILE_MESSAGES.logoSize;
  return null;
}

/** What is wrong with the chosen track-record documents, or null. */
export function checkDocFiles(files: readonly FileFacts[]): string | null {
  if (files.length > SDC_MAX_DOCS) return SDC_FILE_MESSAGES.docCount;
  for (const file of files) {
    if (!(SDC_DOC_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
      return SDC_FILE_MESSAGES.docType(file.name);
    if (file.size > SDC_DOC_MAX_BYTES) return SDC_FILE_MESSAGES.docSize(file.name);
  }
  if (files.reduce((sum, file) => sum + file.size, 0) > SDC_DOCS_TOTAL_MAX_BYTES)
    return SDC_FILE_MESSAGES.docsTotal;
  return null;
}

/** No logo: the register shows none for a name containing '---' (spec §3). */
export const NO_LOGO_NAME = '---';
/** Where the register reads a logo (spec §3, §9): /logos/ and the file name with its spaces removed. */
export const LOGO_PATH_PREFIX = '/logos/';
export const logoPathOf = (logoName: string): string | null =>
  !logoName || logoName.includes(NO_LOGO_NAME) ? null : `${LOGO_PATH_PREFIX}${logoName.replace(/ /g, '')}`;
