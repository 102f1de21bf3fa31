/**
 * Files attached to a DSEAR register entry (issue 31): hazardous-area drawings, risk assessments. Each is an
 * item of the project's document store, in the folder DSEAR_ATTACHMENT_FOLDER, so it has versions, revision
 * codes and opens in the viewer like any other file; the entry keeps a link to the item.
 *
 * Who: those who may save the entry (the project's members and managers) attach; those who may open the entry
 * (its project's members, administrators and the senior design managers listed on it) list and open.
 */
import { z } from 'zod';
import { DSEAR_ID_PATTERN } from './dsear.ts';
import { ITEM_ID_PATTERN } from './ids.ts';
import { mayInProject } from './policies.ts';
import type { ProjectRole } from './roles.ts';

/**
 * Where attached files are stored: the project's work in progress, in a folder of its own. WIP, not Shared:
 * attaching is the team's own upload (as form uploads go to WIP/Project data); sharing a drawing onward is
 * the document workflow's decision, not the register's.
 */
export const DSEAR_ATTACHMENT_FOLDER = ['WIP', 'DSEAR'] as const;

export interface DsearAttachment {
  itemId: string;
  /** the latest version, which the viewer and the content address show */
  versionId: string;
  versionNumber: number;
  fileName: string;
  /** the file's extension without the dot, lower case ('pdf') */
  fileType: string;
  size: number;
  revision: string;
  suitability: string;
  /** the document store folder it is in ('WIP/DSEAR') */
  folderPath: string;
  addedAt: string;
  /** the name of the user who attached it */
  addedBy: string;
  /** the latest version's bytes, for everyone who may open the entry (also those not members of the project) */
  contentUrl: string;
}

export const DsearAttachmentParamsSchema = z.object({
  dsearId: z.string().regex(DSEAR_ID_PATTERN, 'dsearId must be d.<uuid>'),
});
export const DsearAttachmentItemParamsSchema = DsearAttachmentParamsSchema.extend({
  itemId: z.string().regex(ITEM_ID_PATTERN, 'itemId must be an item id (i.<uuid>)'),
});

export const dsearAttachmentsUrl = (dsearId: string): string =>
  `/api/dsear/${encodeURIComponent(dsearId)}/attachments`;
export const dsearAttachmentContentUrl = (dsearId: string, itemId: string): string =>
  `${dsearAttachmentsUrl(dsearId)}/${encodeURIComponent(itemId)}/content`;

/** Attaching changes the entry: the project's roles that may save it (viewers only read). */
export const mayAttachToDsear = (membership: ProjectRole | null | undefined): boolean =>
  mayInProject(membership, 'saveDsear');
