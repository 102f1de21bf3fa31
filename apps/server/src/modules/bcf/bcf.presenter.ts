import type { BcfImportAnswer, BcfSkippedTopic, Issue } from '@penstock/shared';

/** A topic whose issue was not changed because Penstock has a newer change (its new comments were added). */
export type SkippedTopic = BcfSkippedTopic;
export type { BcfImportAnswer };

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
