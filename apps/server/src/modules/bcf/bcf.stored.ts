/**
 * issues.bcf_viewpoints: what BCF needs of an imported topic that Penstock's issue has no column for, as
 * versioned JSON `{version: 1, viewpoints, comments?}`: the topic's viewpoints as in the file (IFC frame,
 * IfcGuids), and for each imported comment its BCF Guid and the viewpoint it points at, so an export writes
 * them back and a re-import recognises them.
 */
import type { BcfViewpoint } from './bcf.types.ts';

export interface StoredComment {
  /** Penstock's comment id (c.<uuid>) */
  id: string;
  /** the BCF Comment Guid */
  guid: string;
  /** the Guid of the viewpoint the comment points at */
  viewpoint: string | null;
}

export interface StoredBcf {
  version: 1;
  viewpoints: BcfViewpoint[];
  comments?: StoredComment[];
  /** the topic's Labels (Penstock's issue has no field for them), written back on export */
  labels?: string[];
}

export interface KeptBcf {
  viewpoints: BcfViewpoint[];
  comments: StoredComment[];
  labels: string[];
}

export function parseStoredBcf(text: string | null): KeptBcf {
  const none = { viewpoints: [], comments: [], labels: [] };
  if (!text) return none;
  try {
    const parsed = JSON.parse(text) as Partial<StoredBcf>;
    if (parsed.version !== 1) return none;
    return {
      viewpoints: Array.isArray(parsed.viewpoints) ? parsed.viewpoints : [],
      comments: Array.isArray(parsed.comments) ? parsed.comments : [],
      labels: Array.isArray(parsed.labels) ? parsed.labels.filter((l) => typeof l === 'string') : [],
    };
  } catch {
    return none;
  }
}

export const parseStoredViewpoints = (text: string | null): BcfViewpoint[] => parseStoredBcf(text).viewpoints;

/** The column's text, or null when there is nothing to keep. */
export function formatStoredBcf(
  viewpoints: BcfViewpoint[],
  comments: StoredComment[],
  labels: readonly string[] = [],
): string | null {
  if (!viewpoints.length && !comments.length && !labels.length) return null;
  const stored: StoredBcf = {
    version: 1,
    viewpoints,
    ...(comments.length ? { comments } : {}),
    ...(labels.length ? { labels: [...labels] } : {}),
  };
  return JSON.stringify(stored);
}

/**
 * What Penstock shows of a BCF 1.0/2.0 comment's status, which BCF 2.1 and 3.0 have no element for:
 * 'Status: Open (Error)' (VerbalStatus, then Status), or null when it has none. Status 'Unknown' says nothing
 * and is left out. Kept in the comment's text, so an export in any version carries it and a re-import of
 * that export gives the same text.
 */
export function commentStatusText(comment: { status?: string; verbalStatus?: string }): string | null {
  const verbal = comment.verbalStatus?.trim() ?? '';
  const status = comment.status?.trim() ?? '';
  const severity = status.toLowerCase() === 'unknown' || status === verbal ? '' : status;
  if (verbal && severity) return `Status: ${verbal} (${severity})`;
  return verbal || severity ? `Status: ${verbal || severity}` : null;
}

/**
 * What the comment list shows for a comment that only points at a viewpoint (BCF 3.0 allows no text):
 * '(viewpoint)', or '(viewpoint 2 of 3)' when the topic has several.
 */
export function viewpointCommentText(
  viewpointGuid: string | null,
  viewpoints: readonly BcfViewpoint[],
): string {
  const at = viewpoints.findIndex((v) => v.guid === viewpointGuid);
  return viewpoints.length > 1 && at >= 0 ? `(viewpoint ${at + 1} of ${viewpoints.length})` : '(viewpoint)';
}

/** True for the text viewpointCommentText gives: such a comment is exported without text again. */
export const isViewpointCommentText = (body: string): boolean => /^\(viewpoint( \d+ of \d+)?\)$/.test(body);
