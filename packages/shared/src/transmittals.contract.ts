/**
 * Transmittals (issue 35 §3): a formal issue of document versions to project members and to outside people
 * by e-mail, numbered per project (RWTW-TRN-0001), with a cover sheet, acknowledgements and responses. The
 * calls of docs/api.md 'Transmittals'.
 */
import { z } from 'zod';
import { VERSION_ID_PATTERN } from './ids.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const TRANSMITTAL_ID_PATTERN = new RegExp(`^tr\\.${UUID}$`);
export const RECIPIENT_ID_PATTERN = new RegExp(`^trr\\.${UUID}$`);
/** an outside recipient's link token: 32 random bytes, base64url (43 characters) */
export const TRANSMITTAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const TransmittalIdSchema = z.string().regex(TRANSMITTAL_ID_PATTERN, 'Invalid transmittal id');
export const RecipientIdSchema = z.string().regex(RECIPIENT_ID_PATTERN, 'Invalid recipient id');
/** a malformed token is answered as an unknown one (404), never as bad input */
export const isTransmittalToken = (value: string): boolean => TRANSMITTAL_TOKEN_PATTERN.test(value);

export const MAX_TRANSMITTAL_DOCUMENTS = 200;
export const MAX_TRANSMITTAL_RECIPIENTS = 100;
export const MAX_TRANSMITTAL_MESSAGE = 4000;
export const MAX_RESPONSE_COMMENT = 4000;
/** an outside recipient's link lasts this many days unless the sender sets another */
export const DEFAULT_LINK_DAYS = 30;
export const MAX_LINK_DAYS = 365;
/** a reminder goes to each recipient whose response is outstanding this many days before it is due */
export const REMINDER_DAYS_BEFORE_DUE = 2;

export interface TransmittalPurpose {
  name: string;
  /** whether recipients are asked to respond (and a due date is required) */
  asksResponse: boolean;
}

/** A project's purposes of issue until its managers edit the list. */
export const DEFAULT_PURPOSES: readonly TransmittalPurpose[] = [
  { name: 'For information', asksResponse: false },
  { name: 'For comment', asksResponse: true },
  { name: 'For review and acceptance', asksResponse: true },
  { name: 'For construction', asksResponse: false },
];

const purposeName = z
  .string({ message: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(80, 'name can have at most 80 characters');

export const PurposesBodySchema = z.object({
  purposes: z
    .array(
      z.object({
        name: purposeName,
        asksResponse: z.boolean({ message: 'asksResponse must be true or false' }),
      }),
    )
    .min(1, 'purposes needs at least one purpose')
    .max(30, 'purposes can have at most 30 entries')
    .refine(
      (list) => new Set(list.map((p) => p.name.toLowerCase())).size === list.length,
      'purposes: each name must be different',
    ),
});
export type PurposesBody = z.infer<typeof PurposesBodySchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const IssueTransmittalBodySchema = z.object({
  versionIds: z
    .array(z.string().regex(VERSION_ID_PATTERN, 'versionIds: each must be a version id (v.<uuid>)'), {
      message: 'versionIds is required',
    })
    .min(1, 'versionIds needs at least one document version')
    .max(MAX_TRANSMITTAL_DOCUMENTS, `versionIds can have at most ${MAX_TRANSMITTAL_DOCUMENTS} versions`),
  purpose: purposeName,
  message: z
    .string()
    .max(MAX_TRANSMITTAL_MESSAGE, `message can have at most ${MAX_TRANSMITTAL_MESSAGE} characters`)
    .default(''),
  /** project members by user id */
  memberIds: z.array(z.string().min(1).max(80)).max(MAX_TRANSMITTAL_RECIPIENTS).default([]),
  /** outside people by e-mail address */
  outside: z
    .array(
      z.object({
        email: z.email({ message: 'outside: each needs a valid e-mail address' }).max(254),
        name: z.string().trim().max(120).default(''),
      }),
    )
    .max(MAX_TRANSMITTAL_RECIPIENTS)
    .default([]),
  /** the day a response is due (YYYY-MM-DD); required where the purpose asks for a response */
  dueDate: z.string().regex(DATE, 'dueDate must be a date (YYYY-MM-DD)').nullable().default(null),
  /** how long outside recipients' links last */
  linkDays: z.number().int().min(1).max(MAX_LINK_DAYS).default(DEFAULT_LINK_DAYS),
});
export type IssueTransmittalBody = z.input<typeof IssueTransmittalBodySchema>;

export const RESPONSE_DECISIONS = ['accepted', 'accepted with comments', 'rejected'] as const;
export type ResponseDecision = (typeof RESPONSE_DECISIONS)[number];
export const RESPONSE_LABELS: Record<ResponseDecision, string> = {
  accepted: 'Accepted',
  'accepted with comments': 'Accepted with comments',
  rejected: 'Rejected',
};

/** The fields of a response (multipart fields 'decision' and 'comment', optional file 'attachment'). */
export const ResponseFieldsSchema = z.object({
  decision: z.enum(RESPONSE_DECISIONS, {
    message: `decision must be one of: ${RESPONSE_DECISIONS.join(', ')}`,
  }),
  comment: z
    .string()
    .max(MAX_RESPONSE_COMMENT, `comment can have at most ${MAX_RESPONSE_COMMENT} characters`)
    .default(''),
});

export type RecipientStatus = 'Sent' | 'Acknowledged' | 'Responded' | 'Revoked';

export interface TransmittalDocument {
  versionId: string;
  fileName: string;
  revision: string;
  suitability: string;
  size: number;
}

export interface TransmittalRecipient {
  id: string;
  kind: 'member' | 'outside';
  name: string;
  email: string;
  status: RecipientStatus;
  acknowledgedAt: string | null;
  respondedAt: string | null;
  decision: ResponseDecision | null;
  comment: string | null;
  attachmentName: string | null;
  /** outside links: when it expires and whether the sender revoked it */
  linkExpiresAt: string | null;
  linkRevoked: boolean;
}

export interface TransmittalSummary {
  id: string;
  projectId: string;
  projectName: string;
  number: string;
  purpose: string;
  asksResponse: boolean;
  dueDate: string | null;
  sender: { id: string; name: string };
  issuedAt: string;
  documentCount: number;
  recipientCount: number;
  acknowledgedCount: number;
  respondedCount: number;
  /** responses asked for and not given yet */
  outstanding: number;
  /** where the signed-in user is a recipient: their recipient line's status */
  myStatus: RecipientStatus | null;
}

export interface Transmittal extends TransmittalSummary {
  message: string;
  documents: TransmittalDocument[];
  recipients: TransmittalRecipient[];
  /** the cover sheet PDF, a document version of the project */
  coverVersionId: string;
  /** the recipient line of the signed-in user, if any */
  myRecipientId: string | null;
  /** whether the user may revoke links and read the access log (the sender or a project manager) */
  mayManage: boolean;
}

export interface TransmittalRegister {
  sent: TransmittalSummary[];
  received: TransmittalSummary[];
  /** transmittals of the project with responses outstanding */
  outstanding: TransmittalSummary[];
}

/** What an outside link shows: the transmittal's files and the recipient's own line, nothing else. */
export interface SharedTransmittal {
  number: string;
  projectName: string;
  purpose: string;
  asksResponse: boolean;
  dueDate: string | null;
  message: string;
  senderName: string;
  issuedAt: string;
  documents: TransmittalDocument[];
  recipient: { name: string; email: string; status: RecipientStatus; decision: ResponseDecision | null };
  expiresAt: string;
}

export interface TransmittalAccessEntry {
  at: string;
  recipientEmail: string;
  action: 'view' | 'download' | 'zip' | 'acknowledge' | 'respond';
  fileName: string | null;
  address: string;
}

/**
 * The project's code for numbering: the initials of the words of its name, in capitals ('Riverside Water
 * Treatment Works' → 'RWTW'); a one-word name gives its first four letters; 'PRJ' when none.
 */
export function projectCodeOf(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return 'PRJ';
  const code = words.length === 1 ? words[0]!.slice(0, 4) : words.map((word) => word[0]).join('');
  return code.toUpperCase().slice(0, 8);
}

/**
 * The code transmittals are numbered with (issue 35 §3, "with the project's code"): the Project field's code
 * in the project's information standard (its first, where the list has several), else the initials of the
 * project's name (projectCodeOf). Projects have no code of their own beside the standard.
 */
export function transmittalCodeOf(projectName: string, projectFieldCodes: readonly string[]): string {
  return projectFieldCodes[0]?.trim().toUpperCase() || projectCodeOf(projectName);
}

/** 'RWTW-TRN-0001' */
export const transmittalNumber = (code: string, sequence: number): string =>
  `${code}-TRN-${String(sequence).padStart(4, '0')}`;
