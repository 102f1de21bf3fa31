// Sketches under document control (issue 37 §5): a sketch's saved versions and their restore, and issuing
// a sketch into a project folder as a drawing on an A-size sheet with a title block.
import { z } from 'zod';
import { FOLDER_ID_PATTERN } from '../ids.ts';

// ---- history: GET …/sketches/:sketchId/versions, POST …/versions/:number/restore -------------------------

/** One save of a sketch, as its history lists it (the content is not sent). */
export interface SketchVersion {
  number: number;
  drawingName: string;
  savedAt: string;
  /** the name of who saved it (their id when the account is gone) */
  savedBy: string;
  bytes: number;
  /** the version a restore brought back; null for an ordinary save */
  restoredFrom: number | null;
  /** the drawings this version was issued as (POST …/issue), oldest first */
  issues: Array<{
    drawingNumber: string;
    revision: string;
    suitability: string;
    sheet: string;
    issuedAt: string;
  }>;
}

export const RestoreSketchRequestSchema = z.strictObject({
  /** the updatedAt of the saved sketch the user has open: a restore over a newer save is refused (409) */
  baseUpdatedAt: z
    .string()
    .trim()
    .min(1, 'Send baseUpdatedAt: the updatedAt of the sketch you have open')
    .max(40),
});
export type RestoreSketchRequest = z.infer<typeof RestoreSketchRequestSchema>;

/** What a save or a restore answers. */
export interface SketchSaveAnswer {
  saved: string;
  overwritten: boolean;
  updatedAt: string;
  /** the sketch's id, and the number of the version the save kept */
  id: string;
  number: number;
}

// ---- issue: POST …/sketches/:sketchId/issue ---------------------------------------------------------------

/** ISO 216 sheets, landscape, in millimetres; 1 mm = 72 / 25.4 points. */
export const SHEET_SIZES = {
  A3: { width: 420, height: 297 },
  A1: { width: 841, height: 594 },
  A0: { width: 1189, height: 841 },
} as const;
export type SheetSize = keyof typeof SHEET_SIZES;
export const SHEET_SIZE_NAMES = Object.keys(SHEET_SIZES) as SheetSize[];
export const POINTS_PER_MM = 72 / 25.4;

/** A sheet's landscape size in points. */
export const sheetPoints = (size: SheetSize) => ({
  width: SHEET_SIZES[size].width * POINTS_PER_MM,
  height: SHEET_SIZES[size].height * POINTS_PER_MM,
});

const line = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} has at most ${max} characters`)
    .refine(
      (text) => ![...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f),
      `${label} must be one line of text`,
    );

/** A drawing number: the issued files' name (without extension), so no path or reserved characters. */
export const DrawingNumberSchema = line('The drawing number', 120)
  .pipe(z.string().min(1, 'Give the drawing number'))
  .refine((text) => !/[\\/:*?"<>|]/.test(text), 'A drawing number cannot contain \\ / : * ? " < > |')
  .refine((text) => !/^\.|\.$/.test(text), 'A drawing number cannot start or end with a dot');

export const IssueSketchRequestSchema = z.strictObject({
  folderId: z.string().regex(FOLDER_ID_PATTERN, 'folderId must be a folder id (f.<uuid>)'),
  drawingNumber: DrawingNumberSchema,
  title: line('The title', 200).pipe(z.string().min(1, 'Give the drawing a title')),
  sheet: z.enum(SHEET_SIZE_NAMES as [SheetSize, ...SheetSize[]], 'The sheet is A3, A1 or A0'),
  drawnBy: line('Drawn by', 80).pipe(z.string().min(1, 'Say who drew it')),
  checkedBy: line('Checked by', 80).default(''),
  /** what the issue is for ('Issued for review'); the revision box's description */
  description: line('The description', 120).default(''),
  /**
   * The revision and suitability the user saw (the issue's preview): when the folder would now give other
   * codes (someone issued in between) the issue is refused (409) rather than printing codes the file
   * does not carry. Absent: the codes the folder gives.
   */
  revision: line('The revision', 20).optional(),
  suitability: line('The suitability', 10).optional(),
  /** the updatedAt of the sketch the user has open: an issue of a sketch saved since is refused (409) */
  baseUpdatedAt: z.string().trim().max(40).optional(),
});
export type IssueSketchRequest = z.input<typeof IssueSketchRequestSchema>;

export const IssuePreviewQuerySchema = z.strictObject({
  folderId: z.string().regex(FOLDER_ID_PATTERN, 'folderId must be a folder id (f.<uuid>)'),
  drawingNumber: DrawingNumberSchema,
});

/** The codes an issue into that folder under that number would get, before it is made. */
export interface SketchIssuePreview {
  folderPath: string;
  /** the folder's ISO 19650 state; null outside the four */
  state: string | null;
  revision: string;
  suitability: string;
  suitabilityDescription: string;
  /** the issued files' names */
  fileNames: string[];
  /** the project's naming standard's warning or refusal for the name, if any */
  nameProblem: string | null;
}

/** One issued file of the drawing. */
export interface IssuedFile {
  itemId: string;
  versionId: string;
  fileName: string;
}

export interface SketchIssueAnswer {
  folderPath: string;
  revision: string;
  suitability: string;
  files: IssuedFile[];
  nameWarning?: string;
}
