import type { ChangedPagesCount, CompareFile } from '@penstock/shared';
import type { PageCountRow } from './compareFiles.repo.ts';
import { presentVersion, type VersionRow } from '../documents/index.ts';

export const presentCompareFile = (version: VersionRow, projectId: string): CompareFile => ({
  ...presentVersion(version),
  projectId,
});

export const presentPageCount = (row: PageCountRow | undefined): ChangedPagesCount | null =>
  row
    ? {
        baseVersionId: row.base_version_id,
        headVersionId: row.head_version_id,
        dpi: Number(row.dpi),
        changed: Number(row.changed_pages),
        pages: Number(row.pages),
        countedAt: row.counted_at,
        countedByName: row.counted_by_name ?? '',
      }
    : null;
