import { z } from 'zod';
import { GLOBAL_ROLES, PROJECT_ROLES } from './roles.ts';
import { FOLDER_ID_PATTERN, PROJECT_ID_PATTERN } from './ids.ts';

// CONFIG_FILES is in configFiles.ts: the sign-in page reads it and loads no schema library (issue 15)
export { CONFIG_FILES } from './configFiles.ts';

/** Every error answer of the API. */
export const ErrorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

// ---- accounts -------------------------------------------------------------

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const SignInBodySchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Enter your password').max(1024),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

/** GET /api/user: the spec's {id, name, email, picture}, plus the user's global roles. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  roles: z.array(z.enum(GLOBAL_ROLES)),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const PasswordSchema = z
  .string()
  .min(10, 'Passwords need at least 10 characters')
  .max(1024, 'Passwords can have at most 1024 characters');

// ---- document store -------------------------------------------------------

/** A project in the finder (answer of GET /api/tree?id=%23). */
export const ProjectListItemSchema = z.object({
  id: z.string(),
  projectid: z.string(),
  text: z.string(),
  type: z.literal('project'),
  hrefbim360: z.string(),
  /** the signed-in user's role in the project (optional: older answers omit it) */
  role: z.enum(PROJECT_ROLES).optional(),
});
export type ProjectListItem = z.infer<typeof ProjectListItemSchema>;

/** A child of a project or folder (answer of GET /api/tree?id=<project or folder id>). */
export const TreeNodeSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: z.enum(['folder', 'item', 'version']),
  /** true when the node can have children (folders) */
  children: z.boolean(),
  fileType: z.string().optional(),
  fileName: z.string().optional(),
  /** Penstock's own page or download address for the node */
  hrefbim360: z.string(),
  versionId: z.string().optional(),
  versionNumber: z.number().int().optional(),
  size: z.number().int().optional(),
  updatedAt: z.string().optional(),
  /** ISO 19650: the state from the top folder, and the latest version's revision and suitability codes */
  state: z.string().nullable().optional(),
  revision: z.string().optional(),
  suitability: z.string().optional(),
});
export type TreeNode = z.infer<typeof TreeNodeSchema>;

export const TreeQuerySchema = z.object({
  id: z.string({ message: 'Query parameter id is required' }).min(1, 'Query parameter id is required'),
});

export const VersionSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  number: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** ISO 19650 revision (P01.01, P01, C01) and suitability (S0, S2, A1) codes */
  revision: z.string().optional(),
  suitability: z.string().optional(),
  /** the version this one was made from (a workflow's publication, a move): the golden thread */
  derivedFrom: z
    .object({ versionId: z.string(), fileName: z.string(), folderPath: z.string(), revision: z.string() })
    .nullable()
    .optional(),
});
export type Version = z.infer<typeof VersionSchema>;

export const UploadResultSchema = z.object({
  item: TreeNodeSchema,
  version: VersionSchema,
  /** the file's name does not follow the project's naming standard (allowed in WIP: issue 35) */
  nameWarning: z.string().optional(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

export const CreateFolderBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Folder name is required')
    .max(200, 'Folder names can have at most 200 characters')
    .refine((name) => !/[\\/]/.test(name), 'Folder names cannot contain slashes'),
});

// ---- configuration (/config/*) ---------------------------------------------

export const TypeEntrySchema = z.object({ type: z.string() });
export type TypeEntry = z.infer<typeof TypeEntrySchema>;

export const GeneralSettingsSchema = z.object({
  maxProjectFinderNameLength: z.number().int().positive(),
  maxProjectBrowserNameLength: z.number().int().positive(),
  maxTabNameLength: z.number().int().positive(),
  mobileWidth: z.number().int().positive(),
  tabletWidth: z.number().int().positive(),
  maxViewers: z.number().int().positive().optional(),
  /** the danger banner of a failed form or report; '{title}' is replaced by the form's title */
  failedMessage: z.string().optional(),
  /** fileType sent with savecalculationdata, and with createreport */
  calculationsFileExtension: z.string().optional(),
  reportsFileExtension: z.string().optional(),
});
export type GeneralSettings = z.infer<typeof GeneralSettingsSchema>;

// ---- administration --------------------------------------------------------

export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  disabled: z.boolean(),
  roles: z.array(z.enum(GLOBAL_ROLES)),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const CreateUserBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: EmailSchema,
  password: PasswordSchema,
  roles: z.array(z.enum(GLOBAL_ROLES)).default([]),
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

export const UpdateUserBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200).optional(),
    disabled: z.boolean().optional(),
    roles: z.array(z.enum(GLOBAL_ROLES)).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const ResetPasswordBodySchema = z.object({ password: PasswordSchema });

export const ProjectMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(PROJECT_ROLES),
});
export type ProjectMember = z.infer<typeof ProjectMemberSchema>;

export const AdminProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  members: z.array(ProjectMemberSchema),
});
export type AdminProject = z.infer<typeof AdminProjectSchema>;

export const CreateProjectBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Project name is required')
    .max(200, 'Project names can have at most 200 characters'),
});

export const AddMemberBodySchema = z.object({
  userId: z.string().min(1, 'Choose a user'),
  role: z.enum(PROJECT_ROLES).default('member'),
});

export const ProjectIdSchema = z.string().regex(PROJECT_ID_PATTERN, 'Invalid project id');
export const FolderIdSchema = z.string().regex(FOLDER_ID_PATTERN, 'Invalid folder id');
