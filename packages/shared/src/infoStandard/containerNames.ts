import { z } from 'zod';

/**
 * Information container names (BS EN ISO 19650-2 UK National Annex, clause NA.2 / NA.3): a file's name is
 * its fields in the project's order joined by the separator ('-'), e.g. `WTW01-ACM-ZZ-00-DR-P-000101.pdf`.
 * The project's information standard says the fields, their lengths and their code lists; these pure rules
 * parse a name against it and say which field fails and which codes it allows (docs/iso19650.md).
 */
export const NAME_FIELD_KEYS = [
  'project',
  'originator',
  'volume',
  'level',
  'type',
  'role',
  'number',
] as const;

const CodeSchema = z
  .string()
  .trim()
  .min(1, 'A code cannot be empty')
  .max(12, 'Codes can have at most 12 characters')
  .regex(/^[A-Za-z0-9]+$/, 'Codes are letters and digits only');

export const NameCodeSchema = z.object({
  code: CodeSchema.transform((code) => code.toUpperCase()),
  description: z.string().trim().max(200).default(''),
});
export type NameCode = z.infer<typeof NameCodeSchema>;

export const NameFieldSchema = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[a-z][a-zA-Z0-9]{0,29}$/, 'Field keys are short camel-case words'),
    label: z.string().trim().min(1).max(60),
    minLength: z.number().int().min(1).max(20),
    maxLength: z.number().int().min(1).max(20),
    /** digits only (the Number field) */
    numeric: z.boolean().default(false),
    /** the allowed codes; an empty list allows any code of the right length */
    codes: z.array(NameCodeSchema).max(500).default([]),
  })
  .refine((field) => field.minLength <= field.maxLength, {
    message: 'A field’s shortest length cannot be longer than its longest',
  });
export type NameField = z.infer<typeof NameFieldSchema>;

export const InfoStandardSchema = z
  .object({
    separator: z.enum(['-', '_']).default('-'),
    fields: z.array(NameFieldSchema).min(1, 'The standard needs at least one field').max(12),
  })
  .refine((standard) => new Set(standard.fields.map((field) => field.key)).size === standard.fields.length, {
    message: 'Each field needs its own key',
  });
export type InfoStandard = z.infer<typeof InfoStandardSchema>;

/** GET/PUT /api/projects/:projectId/info-standard */
export const ProjectInfoStandardSchema = z.object({
  standard: InfoStandardSchema,
  /** false until a manager saves one: names are not checked, and `standard` is the water framework default to start from */
  configured: z.boolean(),
  /** an administrator's relaxation: non-conforming names may go into Shared and Published too */
  relaxed: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ProjectInfoStandard = z.infer<typeof ProjectInfoStandardSchema>;
export const PutInfoStandardBodySchema = z.object({ standard: InfoStandardSchema });
export const PutNamingRelaxedBodySchema = z.object({ relaxed: z.boolean() });

const codes = (list: ReadonlyArray<[string, string]>): NameCode[] =>
  list.map(([code, description]) => ({ code, description }));

/** The default for a UK water framework: the NA's seven fields and lengths, with water-industry codes. */
export const WATER_FRAMEWORK_STANDARD: InfoStandard = {
  separator: '-',
  fields: [
    { key: 'project', label: 'Project', minLength: 2, maxLength: 6, numeric: false, codes: [] },
    { key: 'originator', label: 'Originator', minLength: 3, maxLength: 6, numeric: false, codes: [] },
    {
      key: 'volume',
      label: 'Volume/System',
      minLength: 1,
      maxLength: 2,
      numeric: false,
      codes: codes([
        ['ZZ', 'All volumes'],
        ['XX', 'No volume applies'],
        ['IW', 'Inlet works'],
        ['PT', 'Primary treatment'],
        ['ST', 'Secondary treatment'],
        ['TT', 'Tertiary treatment'],
        ['SL', 'Sludge treatment'],
      ]),
    },
    {
      key: 'level',
      label: 'Level/Location',
      minLength: 2,
      maxLength: 2,
      numeric: false,
      codes: codes([
        ['ZZ', 'Multiple levels'],
        ['XX', 'No level applies'],
        ['00', 'Ground level'],
        ['01', 'Level 1'],
        ['02', 'Level 2'],
        ['B1', 'Basement 1'],
      ]),
    },
    {
      key: 'type',
      label: 'Type',
      minLength: 2,
      maxLength: 2,
      numeric: false,
      codes: codes([
        ['DR', 'Drawing'],
        ['M3', '3D model'],
        ['SP', 'Specification'],
        ['SH', 'Schedule'],
        ['CA', 'Calculation'],
        ['RP', 'Report'],
        ['MI', 'Minutes'],
        ['CR', 'Clash rendition'],
        ['DB', 'Database'],
      ]),
    },
    {
      key: 'role',
      label: 'Role',
      minLength: 1,
      maxLength: 2,
      numeric: false,
      codes: codes([
        ['A', 'Architect'],
        ['C', 'Civil engineer'],
        ['E', 'Electrical engineer'],
        ['M', 'Mechanical engineer'],
        ['P', 'Public health / process engineer'],
        ['S', 'Structural engineer'],
        ['W', 'Water (process and treatment)'],
        ['X', 'Contractor'],
        ['K', 'Client'],
      ]),
    },
    { key: 'number', label: 'Number', minLength: 4, maxLength: 6, numeric: true, codes: [] },
  ],
};

export interface NameFailure {
  /** the failing field's key, or null when the name as a whole is wrong (the number of fields) */
  field: string | null;
  message: string;
}

export interface ParsedName {
  /** the name without its extension */
  stem: string;
  /** each field's part by key (present when the name has the right number of parts) */
  fields: Record<string, string>;
  failures: NameFailure[];
  conforms: boolean;
}

/** The name without its last extension ('A-B.pdf' → 'A-B'; '.ifc' alone stays as it is). */
export const nameStem = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
};

const allowedList = (field: NameField): string => field.codes.map((entry) => entry.code).join(', ');

/** What is wrong with one field's part, or null. */
export function checkNameField(field: NameField, part: string): string | null {
  const length =
    field.minLength === field.maxLength
      ? `${field.minLength} characters`
      : `${field.minLength} to ${field.maxLength} characters`;
  if (part.length < field.minLength || part.length > field.maxLength)
    return `${field.label} '${part}' must have ${length}`;
  if (field.numeric && !/^[0-9]+$/.test(part)) return `${field.label} '${part}' must be digits only`;
  if (!/^[A-Z0-9]+$/.test(part)) return `${field.label} '${part}' must be capital letters and digits only`;
  if (field.codes.length > 0 && !field.codes.some((entry) => entry.code === part))
    return `${field.label} '${part}' is not in the code list: use one of ${allowedList(field)}`;
  return null;
}

/** Parses a file name against the standard: the fields by key, and every failing field with its message. */
export function parseContainerName(fileName: string, standard: InfoStandard): ParsedName {
  const stem = nameStem(fileName.trim());
  const parts = stem.split(standard.separator);
  const fields: Record<string, string> = {};
  const expected = standard.fields.map((field) => field.label).join(standard.separator);
  if (parts.length !== standard.fields.length) {
    return {
      stem,
      fields,
      conforms: false,
      failures: [
        {
          field: null,
          message: `The name has ${parts.length} field${parts.length === 1 ? '' : 's'} where the project's standard has ${standard.fields.length} (${expected}), separated by '${standard.separator}'`,
        },
      ],
    };
  }
  const failures: NameFailure[] = [];
  standard.fields.forEach((field, index) => {
    const part = parts[index]!;
    fields[field.key] = part;
    const message = checkNameField(field, part);
    if (message) failures.push({ field: field.key, message });
  });
  return { stem, fields, failures, conforms: failures.length === 0 };
}

/** One sentence for a refusal or a warning: the file name and each failing field's message. */
export function nameFailureMessage(fileName: string, parsed: Pick<ParsedName, 'failures'>): string {
  return `'${fileName}' does not follow the project's naming standard: ${parsed.failures.map((failure) => failure.message).join('; ')}`;
}

/** The container states where a non-conforming name is refused (unless an administrator relaxed the check). */
export const NAME_CHECKED_STATES = ['Shared', 'Published'] as const;
