/**
 * The DSEAR register (engineering spec §2 'DSEAR register', §3 'DSEAR entry', §4 'DSEAR RAG' and
 * 'DSEAR approval', §5 'DSEAR form' and register filters, §9 zone options, FLIDS risk and outcome,
 * questions, RAG colours) and the calls of docs/api.md 'DSEAR register'.
 *
 * The server is the authority: it computes tmRag, resets approvals on every update and only lets a listed
 * senior design manager approve their own line. The page uses the same rules to show the form's status.
 */
import { formatDate } from './dates.ts';
import { z } from 'zod';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const DSEAR_ID_PATTERN = new RegExp(`^d\\.${UUID}$`);

export const DSEAR_ZONES = [
  'TPS',
  'Inlet Works',
  'Storm Tanks',
  'PST',
  'Sludge Tanks',
  'Diesel Storage',
  'Chemical Storage',
  'OSEC',
  'Septic Tanks',
  'Sludge Handling',
  'Other',
] as const;
export type DsearZoneName = (typeof DSEAR_ZONES)[number];

/** FLIDS risk: blank or one of these. */
export const FLIDS_RISKS = ['Yellow', 'Orange', 'Red'] as const;
/** FLIDS outcome and a zone's rating: blank or one of these. */
export const DSEAR_RATINGS = ['Zone 0', 'Zone 1', 'Zone 2', 'Zone 2 - NE', 'Unzoned'] as const;
export const YES_NO = ['YES', 'NO'] as const;
export type YesNo = (typeof YES_NO)[number];

export const DSEAR_RAGS = ['RED', 'AMBER', 'GREEN'] as const;
export type DsearRag = (typeof DSEAR_RAGS)[number];
/** RAG colours (spec §9: amber orange, green, red); a deep red, as white on pure red is 4:1, under WCAG AA's 4.5 */
export const DSEAR_RAG_COLOURS: Record<DsearRag, string> = {
  RED: '#c00000',
  AMBER: 'orange',
  GREEN: 'green',
};
export const DSEAR_RAG_TEXT: Record<DsearRag, string> = {
  AMBER:
    'The senior design manager approves this submission once the questions and issues raised have been addressed.',
  RED: 'The senior design manager must approve each submission. This is not possible until most questions have been addressed and the submission can move to amber.',
  GREEN: 'Every listed senior design manager has approved this submission.',
};

/** The four questions, in order, with their texts. */
export const DSEAR_QUESTIONS = [
  { key: 'dsearIden', text: 'Are you aware of all existing DSEAR zones impacted by the project?' },
  {
    key: 'dsearImp',
    text: 'Are you confident about the design implications for new and existing DSEAR zones?',
  },
  { key: 'dsearSpec', text: 'Have the DSEAR requirements been specified for sub-contractors?' },
  {
    key: 'dsearApp',
    text: 'Are the MEICA designers approved for DSEAR/ATEX design on the competency register?',
  },
] as const;
export type DsearQuestionKey = (typeof DSEAR_QUESTIONS)[number]['key'];

export const SDM_APPROVED = 'Approved';
export const SDM_PENDING = 'Pending';

export const DSEAR_PRACTITIONER_HINT = 'A practitioner should be engaged for all zones 0, 1 and 2';
export const DSEAR_ZONES_HINT = 'All new and existing zones to be recorded.';
export const DSEAR_RESET_NOTE = 'Any update resets all senior design manager approvals.';
export const DSEAR_SAVE_NEW = 'Save & Add To Register';
export const DSEAR_SAVE_EDIT = 'Update';
export const DSEAR_ACCESS_REQUIRED = 'Access Required';
export const DSEAR_NO_RESULTS = 'Found no results matching selected filters';

export const MAX_DSEAR_TEXT = 500;

const email = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .toLowerCase()
    .max(320, `${field} can have at most 320 characters`)
    .regex(/^[^\s@]+@[^\s@]+$/, `${field} must be an email address`);
const text = (field: string) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(MAX_DSEAR_TEXT, `${field} can have at most ${MAX_DSEAR_TEXT} characters`);
const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { message: `${field} must be one of ${values.join(', ')}` });
const blankOr = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.union([z.literal(''), z.enum(values)], {
    message: `${field} must be blank or one of ${values.join(', ')}`,
  });

export const DsearSdmSchema = z.object({
  email: email('sdms[].email'),
  /** 'Approved' or 'Pending'; set by the server */
  status: z.string().max(40).default(SDM_PENDING),
  /** ISO timestamp of the approval; set by the server */
  approveDate: z.string().max(40).nullable().default(null),
  /** display name, filled in by the server from the user's account */
  name: z.string().max(200).optional(),
});
export type DsearSdm = z.infer<typeof DsearSdmSchema>;

export const DsearZoneEntrySchema = z.object({
  zone: oneOf('dsearZone[].zone', DSEAR_ZONES),
  rating: blankOr('dsearZone[].rating', DSEAR_RATINGS).default(''),
  /** free text, used when the zone is 'Other' */
  other: text('dsearZone[].other').default(''),
});
export type DsearZoneEntry = z.infer<typeof DsearZoneEntrySchema>;

/**
 * What saveOrCreate accepts: the whole entry. id absent (or empty) creates; id present updates.
 * date, tmRag and every sdm's status/approveDate are the server's, whatever is sent.
 */
export const DsearEntryInputSchema = z
  .object({
    id: z
      .string()
      .regex(DSEAR_ID_PATTERN, 'id must be a register entry id (d.<uuid>)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    projectName: text('projectName').min(1, 'projectName is required'),
    tm: text('tm').min(1, 'tm (technical manager) is required'),
    tmRag: z.string().max(20).optional(),
    date: z.string().max(40).optional(),
    sdms: z
      .array(DsearSdmSchema, { message: 'sdms must be a list' })
      .max(20, 'sdms can have at most 20 entries')
      .default([])
      .refine((list) => new Set(list.map((s) => s.email)).size === list.length, {
        message: 'sdms lists a senior design manager twice',
      }),
    leadEngineer: z.union([z.literal(''), email('leadEngineer')]).default(''),
    practitioner: z.union([z.literal(''), email('practitioner')]).default(''),
    practionerFlag: oneOf('practionerFlag', YES_NO).default('NO'),
    flidsRisk: blankOr('flidsRisk', FLIDS_RISKS).default(''),
    flidsOutcome: blankOr('flidsOutcome', DSEAR_RATINGS).default(''),
    dsearZone: z
      .array(DsearZoneEntrySchema, { message: 'dsearZone must be a list' })
      .max(DSEAR_ZONES.length * 4, 'dsearZone has too many entries')
      .default([]),
    dsearIden: oneOf('dsearIden', YES_NO).default('NO'),
    dsearImp: oneOf('dsearImp', YES_NO).default('NO'),
    dsearSpec: oneOf('dsearSpec', YES_NO).default('NO'),
    dsearApp: oneOf('dsearApp', YES_NO).default('NO'),
  })
  .superRefine((entry, ctx) => {
    if (entry.practionerFlag === 'YES' && !entry.practitioner)
      ctx.addIssue({ code: 'custom', path: ['practitioner'], message: 'Choose the practitioner' });
  });
export type DsearEntryInput = z.infer<typeof DsearEntryInputSchema>;

/** One change in a dated history line: the field, its value before and after (as display text). */
export interface DsearChange {
  field: string;
  from: string;
  to: string;
}
export interface DsearHistoryLine {
  at: string;
  byEmail: string;
  byName: string;
  action: 'created' | 'updated' | 'approved';
  changes: DsearChange[];
}

/** A stored register entry as the server answers it. */
export interface DsearEntry {
  id: string;
  projectId: string;
  projectName: string;
  /** ISO timestamp of the latest save */
  date: string;
  tm: string;
  tmRag: DsearRag;
  sdms: Required<DsearSdm>[];
  leadEngineer: string;
  practitioner: string;
  practionerFlag: YesNo;
  flidsRisk: string;
  flidsOutcome: string;
  dsearZone: DsearZoneEntry[];
  dsearIden: YesNo;
  dsearImp: YesNo;
  dsearSpec: YesNo;
  dsearApp: YesNo;
  /** only on POST /api/dsear/get: every save and approval, oldest first */
  history?: DsearHistoryLine[];
  /**
   * only on GET /api/dsear and pendingApproval: whether the signed-in user may open this entry (a member of
   * its project, an administrator, or a senior design manager listed on it); otherwise 'Access Required'
   */
  access?: boolean;
}

/**
 * The register table's columns (spec 3 §2 DSEAR register): what GET /api/dsear gives of an entry whose
 * project the user has no access to. The question answers, lead engineer and practitioner are detail, for
 * those with access only ('Access Required' otherwise).
 */
export const DSEAR_REGISTER_FIELDS = [
  'id',
  'projectId',
  'projectName',
  'date',
  'tm',
  'tmRag',
  'sdms',
  'flidsRisk',
  'flidsOutcome',
  'dsearZone',
] as const satisfies readonly (keyof DsearEntry)[];
export type DsearRegisterLine = Pick<DsearEntry, (typeof DSEAR_REGISTER_FIELDS)[number]> & { access: false };
/** An entry of GET /api/dsear: in full where the user has access, else its register line. */
export type DsearListEntry = (DsearEntry & { access: true }) | DsearRegisterLine;

/** Payloads of /api/dsear/get and /api/dsear/approve (each inside the formData field as JSON). */
export const DsearGetSchema = z.object({
  projectName: text('projectName').min(1, 'projectName is required'),
});
export const DsearApproveSchema = z.object({
  dsearId: z.string({ message: 'dsearId is required' }).regex(DSEAR_ID_PATTERN, 'dsearId must be d.<uuid>'),
  email: email('email'),
});

/** Query of GET /api/dsear/pendingApproval?email= */
export const DsearPendingQuerySchema = z.object({ email: email('email') });

/** A person offered in the form's pickers: the option label is '{name} {email}', the value the email. */
export interface DsearPerson {
  name: string;
  email: string;
}
export interface DsearPeople {
  seniorDesignManagers: DsearPerson[];
  checkerLeadEngineers: DsearPerson[];
  practitioners: DsearPerson[];
}
export const personOptionLabel = (person: DsearPerson): string => `${person.name} ${person.email}`;

type Questions = Pick<DsearEntryInput, DsearQuestionKey>;

/** In the form: AMBER when all four questions are YES, otherwise RED (spec §4). */
export function formRag(questions: Questions): Exclude<DsearRag, 'GREEN'> {
  return DSEAR_QUESTIONS.every((q) => questions[q.key] === 'YES') ? 'AMBER' : 'RED';
}

/**
 * A stored entry's RAG. The spec does not say when GREEN applies; Penstock's rule: AMBER, at least one
 * senior design manager listed, and every listed one has approved.
 */
export function entryRag(entry: Questions & { sdms: Pick<DsearSdm, 'status'>[] }): DsearRag {
  const rag = formRag(entry);
  if (rag === 'AMBER' && entry.sdms.length > 0 && entry.sdms.every((s) => s.status === SDM_APPROVED))
    return 'GREEN';
  return rag;
}

/** The practitioner flag of a loaded entry: YES exactly when a practitioner is recorded (spec §3). */
export const practitionerFlagOf = (practitioner: string | null | undefined): YesNo =>
  practitioner && practitioner.trim() ? 'YES' : 'NO';

/** Why a user may not approve their line of an entry, or null when they may (see dsearApprovalRefusal). */
export type DsearApprovalRefusal = 'not-listed' | 'already-approved' | 'red';
export const DSEAR_APPROVAL_REFUSALS: Record<DsearApprovalRefusal, string> = {
  'not-listed': 'Only a listed senior design manager may approve their own line',
  'already-approved': 'You have already approved this entry',
  red: 'A RED submission cannot be approved: it must move to amber first',
};

/**
 * The "may approve this line" rule, shared by the server (which refuses with the reason) and the page
 * (which offers Approve only when the server would accept it). Spec §4: only the listed manager, while their
 * line is not approved; and approving "is not possible until most questions are addressed and it can move
 * to amber", so an entry whose questions make it RED cannot be approved. The RAG is judged from the four
 * answers (formRag), not from the stored tmRag, because that is what the server checks.
 */
export function dsearApprovalRefusal(
  entry: Pick<DsearEntry, 'sdms'> & Questions,
  userEmail: string,
): DsearApprovalRefusal | null {
  const me = userEmail.trim().toLowerCase();
  const line = entry.sdms.find((s) => s.email.toLowerCase() === me);
  if (!line) return 'not-listed';
  if (line.status === SDM_APPROVED) return 'already-approved';
  if (formRag(entry) !== 'AMBER') return 'red';
  return null;
}

/** The Approve button shows only to that manager, while their line is not approved and the entry is amber. */
export const canApprove = (entry: Pick<DsearEntry, 'sdms'> & Questions, userEmail: string): boolean =>
  dsearApprovalRefusal(entry, userEmail) === null;

export interface DsearFilters {
  projectName: string;
  /** yyyy-mm-dd from a date input, or '' */
  date: string;
  tm: string;
  sdms: string[];
  flidsRisk: string[];
  flidsOutcome: string[];
  zones: string[];
  ratings: string[];
  tmRag: string[];
}
export const EMPTY_DSEAR_FILTERS: DsearFilters = {
  projectName: '',
  date: '',
  tm: '',
  sdms: [],
  flidsRisk: [],
  flidsOutcome: [],
  zones: [],
  ratings: [],
  tmRag: [],
};

const contains = (value: string, needle: string) => value.toLowerCase().includes(needle.trim().toLowerCase());
/** the calendar day of an ISO timestamp, in local time (what the register's Date column shows) */
export function entryDay(date: string): string {
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? date.slice(0, 10) : formatDate(parsed, 'iso-date');
}

type Filterable = Pick<
  DsearEntry,
  'projectName' | 'date' | 'tm' | 'sdms' | 'flidsRisk' | 'flidsOutcome' | 'dsearZone' | 'tmRag'
>;

/**
 * Register filters (spec §5): text filters are case-insensitive substrings; senior design managers,
 * FLIDS risk, FLIDS outcome and TM RAG match when ANY selected value matches; zones and ratings only when
 * EVERY selected value is present on the entry. Empty filters match everything.
 */
export function matchesDsearFilters(entry: Filterable, filters: DsearFilters): boolean {
  if (filters.projectName && !contains(entry.projectName, filters.projectName)) return false;
  if (filters.tm && !contains(entry.tm, filters.tm)) return false;
  if (filters.date && entryDay(entry.date) !== filters.date) return false;
  const any = (selected: string[], values: string[]) =>
    selected.length === 0 || selected.some((s) => values.some((v) => v.toLowerCase() === s.toLowerCase()));
  const every = (selected: string[], values: string[]) =>
    selected.every((s) => values.some((v) => v.toLowerCase() === s.toLowerCase()));
  if (
    !any(
      filters.sdms,
      entry.sdms.map((s) => s.email),
    )
  )
    return false;
  if (!any(filters.flidsRisk, [entry.flidsRisk])) return false;
  if (!any(filters.flidsOutcome, [entry.flidsOutcome])) return false;
  if (!any(filters.tmRag, [entry.tmRag])) return false;
  if (
    !every(
      filters.zones,
      entry.dsearZone.map((z) => z.zone),
    )
  )
    return false;
  if (
    !every(
      filters.ratings,
      entry.dsearZone.map((z) => z.rating),
    )
  )
    return false;
  return true;
}

export const filterDsearRegister = <T extends Filterable>(entries: T[], filters: DsearFilters): T[] =>
  entries.filter((entry) => matchesDsearFilters(entry, filters));

/** Multi-select options built from the loaded entries: distinct, non-blank, sorted. */
export function dsearFilterOptions(entries: Filterable[]) {
  const distinct = (values: string[]) =>
    [...new Set(values.filter((v) => v && v.trim()))].sort((a, b) => a.localeCompare(b));
  const sdmNames = new Map<string, string>();
  for (const entry of entries)
    for (const sdm of entry.sdms)
      if (!sdmNames.has(sdm.email)) sdmNames.set(sdm.email, sdm.name || sdm.email);
  return {
    sdms: distinct([...sdmNames.keys()]).map((value) => ({ value, label: sdmNames.get(value) ?? value })),
    flidsRisk: distinct(entries.map((e) => e.flidsRisk)),
    flidsOutcome: distinct(entries.map((e) => e.flidsOutcome)),
    zones: distinct(entries.flatMap((e) => e.dsearZone.map((z) => z.zone))),
    ratings: distinct(entries.flatMap((e) => e.dsearZone.map((z) => z.rating))),
    tmRag: distinct(entries.map((e) => e.tmRag)),
  };
}
