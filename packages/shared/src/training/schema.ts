/**
 * The training tracker's contract (engineering spec §3 'Training record', 'Training item', 'Role'; §7 the
 * three training calls; §9 training codes M, R, A, X) and Penstock's training administration.
 */
import { z } from 'zod';

/** M mandatory, R recommended, A available, X not required (spec §9). */
export const TRAINING_CODES = ['M', 'R', 'A', 'X'] as const;
export type TrainingCode = (typeof TRAINING_CODES)[number];

/** The formats a course comes in: the content route shows each its own way (spec §2). */
export const TRAINING_FORMATS = ['PowerPoint', 'Video', 'PDF', 'Other'] as const;
export type TrainingFormat = (typeof TRAINING_FORMATS)[number];

/** Formats whose material is stored in Penstock's training material folder (Other links out). */
export const TRAINING_MATERIAL_FORMATS: readonly TrainingFormat[] = ['PowerPoint', 'Video', 'PDF'];

/** The file kinds each stored format takes: slides are shown as their PDF export (no offline viewer). */
export const TRAINING_MATERIAL_TYPES: Record<'PowerPoint' | 'Video' | 'PDF', readonly string[]> = {
  PowerPoint: ['application/pdf'],
  Video: ['video/mp4'],
  PDF: ['application/pdf'],
};

/** The four lists of a record, under the spec's names (its spelling 'recomendedTraining' included). */
export const TRAINING_LIST_KEYS = [
  'mandatoryTraining',
  'recomendedTraining',
  'availableTraining',
  'notRequiredTraining',
] as const;
export type TrainingListKey = (typeof TRAINING_LIST_KEYS)[number];

/** 'true' / 'false' as text, as the spec stores completed and added. */
export const TrueFalseSchema = z.enum(['true', 'false']);
export type TrueFalse = z.infer<typeof TrueFalseSchema>;

export const TRAINING_LIMITS = {
  maxTitleLength: 200,
  maxTimeLength: 40,
  maxTagLength: 80,
  maxUrlLength: 2000,
  maxRoleNameLength: 40,
  maxDisplayNameLength: 80,
  maxRoles: 100,
  maxCourses: 2000,
} as const;

/** A course's route is /training/{tag}: letters, digits, '-' and '_' keep the address readable and safe. */
export const TRAINING_TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** A role name is a key of every course's roleData. */
export const TRAINING_ROLE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

export const TrainingTagSchema = z
  .string()
  .trim()
  .min(1, 'A course needs a tag')
  .max(TRAINING_LIMITS.maxTagLength, `A tag has at most ${TRAINING_LIMITS.maxTagLength} characters`)
  .regex(TRAINING_TAG_PATTERN, "A tag has only letters, digits, '-' and '_' (it is the course's address)");

export const TrainingRoleNameSchema = z
  .string()
  .trim()
  .min(1, 'A role needs a name')
  .max(
    TRAINING_LIMITS.maxRoleNameLength,
    `A role name has at most ${TRAINING_LIMITS.maxRoleNameLength} characters`,
  )
  .regex(
    TRAINING_ROLE_NAME_PATTERN,
    "A role name starts with a letter and has only letters, digits, '-' and '_'",
  );

export const TrainingRoleDataSchema = z
  .record(TrainingRoleNameSchema, z.enum(TRAINING_CODES))
  .refine((data) => Object.keys(data).length <= TRAINING_LIMITS.maxRoles, 'Too many roles');
export type TrainingRoleData = Record<string, TrainingCode>;

/** Role: roleName, displayName (spec §3). */
export const TrainingRoleSchema = z.object({
  roleName: TrainingRoleNameSchema,
  displayName: z.string().trim().min(1).max(TRAINING_LIMITS.maxDisplayNameLength),
});
export type TrainingRole = z.infer<typeof TrainingRoleSchema>;

/** trainingData of a training item (spec §3). */
export const TrainingDataSchema = z.object({
  format: z.enum(TRAINING_FORMATS),
  time: z.string().max(TRAINING_LIMITS.maxTimeLength),
  tag: TrainingTagSchema,
  /** Other: the external address; stored formats: the material's address in Penstock ('' when none) */
  url: z.string().max(TRAINING_LIMITS.maxUrlLength),
  completed: TrueFalseSchema,
  added: TrueFalseSchema,
});
export type TrainingData = z.infer<typeof TrainingDataSchema>;

/** Training item (spec §3): id, trainingTitle, roleData, trainingData. */
export const TrainingItemSchema = z.object({
  id: z.string().min(1).max(100),
  trainingTitle: z.string().max(TRAINING_LIMITS.maxTitleLength),
  roleData: TrainingRoleDataSchema,
  trainingData: TrainingDataSchema,
});
export type TrainingItem = z.infer<typeof TrainingItemSchema>;

const TrainingListSchema = z.array(TrainingItemSchema).max(TRAINING_LIMITS.maxCourses);

/** trainingRecord: the four lists (spec §3). */
export const TrainingListsSchema = z.object({
  mandatoryTraining: TrainingListSchema,
  recomendedTraining: TrainingListSchema,
  availableTraining: TrainingListSchema,
  notRequiredTraining: TrainingListSchema,
});
export type TrainingLists = z.infer<typeof TrainingListsSchema>;

/** Training record (spec §3): userId, userName, role, trainingRecord. */
export const TrainingUserRecordSchema = z.object({
  userId: z.string().min(1).max(100),
  userName: z.string().max(200).optional().default(''),
  role: TrainingRoleNameSchema,
  trainingRecord: TrainingListsSchema,
});
export type TrainingUserRecord = z.infer<typeof TrainingUserRecordSchema>;

/** getuserrecord's formData: userId, userName (spec §7). */
export const TrainingRecordRequestSchema = z.object({
  userId: z.string().min(1, 'Send the userId whose record to read').max(100),
  userName: z.string().max(200).optional(),
});

/** getuserrecord's answer: the record, or role and trainingRecord null before the user has chosen a role. */
export interface TrainingRecordAnswer {
  userId: string;
  userName: string;
  role: string | null;
  trainingRecord: TrainingLists | null;
}

/** gettrainingcontent's answer (spec §7): roles and trainingContent (completed and added 'false'). */
export interface TrainingContent {
  roles: TrainingRole[];
  trainingContent: TrainingItem[];
}

// ---- administration (Penstock's addition: the spec keeps courses and roles outside the app) ----------

export interface TrainingMaterialInfo {
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
}

/** A course as the administration sees it: retired ones included. */
export interface AdminTrainingCourse {
  id: string;
  trainingTitle: string;
  format: TrainingFormat;
  time: string;
  tag: string;
  /** Other: the external address */
  url: string;
  roleData: TrainingRoleData;
  material: TrainingMaterialInfo | null;
  retired: boolean;
  updatedAt: string;
}

export interface AdminTrainingRole extends TrainingRole {
  retired: boolean;
  /** how many users have chosen this role */
  users: number;
}

export const TrainingCourseInputSchema = z
  .object({
    trainingTitle: z
      .string()
      .trim()
      .min(1, 'A course needs a title')
      .max(
        TRAINING_LIMITS.maxTitleLength,
        `A title has at most ${TRAINING_LIMITS.maxTitleLength} characters`,
      ),
    format: z.enum(TRAINING_FORMATS),
    time: z
      .string()
      .trim()
      .max(TRAINING_LIMITS.maxTimeLength, `The time has at most ${TRAINING_LIMITS.maxTimeLength} characters`),
    tag: TrainingTagSchema,
    url: z.string().trim().max(TRAINING_LIMITS.maxUrlLength).optional().default(''),
    roleData: TrainingRoleDataSchema,
    retired: z.boolean().optional().default(false),
  })
  .superRefine((course, context) => {
    if (course.format !== 'Other') return;
    if (!/^https?:\/\/[^\s]+$/i.test(course.url))
      context.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'A course of format Other needs its address (http:// or https://)',
      });
  });
export type TrainingCourseInput = z.input<typeof TrainingCourseInputSchema>;

export const TrainingRoleInputSchema = TrainingRoleSchema;
export const TrainingRoleUpdateSchema = z.object({
  displayName: z
    .string()
    .trim()
    .min(1, 'A role needs a display name')
    .max(TRAINING_LIMITS.maxDisplayNameLength),
  retired: z.boolean().optional().default(false),
});
export type TrainingRoleUpdate = z.input<typeof TrainingRoleUpdateSchema>;
