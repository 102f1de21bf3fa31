import type { Issue } from '@penstock/shared';

/** A topic whose issue was not changed because Penstock has a newer change (its new comments were added). */
export interface SkippedTopic {
  guid: string;
  title: string;
  reason: string;
}

/** POST /api/issues/bcf's answer (docs/api.md). */
export interface BcfImportAnswer {
  created: number;
  updated: number;
  /** topics that are the version Penstock already has */
  unchanged: number;
  skipped: SkippedTopic[];
  /** the issues of the file's topics, in the project's order */
  issues: Issue[];
}

export function presentImport(
  tally: { created: number; updated: number; unchanged: number; skipped: SkippedTopic[]; ids: string[] },
  projectIssues: readonly Issue[],
): BcfImportAnswer {
  const ids = new Set(tally.ids);
  return {
    created: tally.created,
    updated: tally.updated,
    unchanged: tally.unchanged,
    skipped: tally.skipped,
    issues: projectIssues.filter((issue) => ids.has(issue.id)),
  };
}
